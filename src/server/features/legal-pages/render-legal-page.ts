import { HREFLANG, HTML_LANG, LOCALE_NAMES } from '@shared/locale';
import { formatDate } from '@shared/format';
import { LEGAL_VERSIONS, legalPages, type LegalPage } from '@shared/domain/legal-versions';
import { pageLanguages, type PageLanguage } from '../../platform/page-language';
import { fill, legalGroup, legalText, type Catalogue, type Values } from './legal-text';
import { PAGE_ICON_LINKS } from '../../platform/page-icons';
import { html, trustedHtml, type TrustedHtml } from '../../platform/html';
import { escapeHtml } from '@shared/escape-html';

/*
 * The legal pages are plain server-rendered HTML with their CSS inline and no script, like
 * the recipient's gift page (ADRs 032, 059): they must read the same with JavaScript off, on
 * a phone, in either language, and a consumer must be able to keep them (print, save).
 * Every text is escaped by the `html` template (platform/html.ts); the catalogues may link with
 * `[label](href)`, where href is one of our paths, an anchor or a mailto address.
 */

const CSS = trustedHtml(`
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;font-size:1rem;line-height:1.6;color:#1c1917;background:#fffbf5}
a{color:#9a3412;text-underline-offset:3px}
a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
h1,h2{font-family:'Iowan Old Style','Palatino Linotype',Palatino,ui-serif,Georgia,serif;line-height:1.2;margin:0}
h1{font-size:1.9rem;margin-top:.5rem}
h2{font-size:1.25rem;margin:1.75rem 0 .5rem}
p{margin:0 0 .75rem}
ul{margin:0 0 .75rem;padding-left:1.25rem}
li{margin-bottom:.35rem}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem;z-index:1}
.skip:focus{left:.5rem;top:.5rem}
.bar{display:flex;align-items:center;justify-content:space-between;gap:1rem;max-width:44rem;margin:0 auto;padding:.75rem 1rem}
.brand{font-family:'Iowan Old Style',Palatino,Georgia,serif;font-weight:700;font-size:1.35rem;color:#9a3412;text-decoration:none}
.langs{display:flex;gap:.25rem;margin:0;padding:0;list-style:none}
.langs li{margin:0}
.langs a{display:inline-block;padding:.5rem .6rem;min-height:44px;border-radius:.5rem;font-weight:600;font-size:.95rem}
.langs a[aria-current]{background:#ffedd5;color:#7c2d12;text-decoration:none}
main{max-width:44rem;margin:0 auto;padding:0 1rem 2rem}
.version{color:#57534e;font-size:.95rem}
.card{background:#fff;border:1px solid #e7dccb;border-radius:1rem;padding:1rem 1.25rem;margin:1rem 0}
dl{margin:0;display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.4rem 1rem}
dt{font-weight:700}
dd{margin:0;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;font-size:.95rem;margin:0 0 1rem}
caption{text-align:left;font-weight:700;margin-bottom:.5rem}
th,td{border:1px solid #e7dccb;padding:.5rem;text-align:left;vertical-align:top}
th{background:#fbf3e6}
td code{font-size:.9rem;overflow-wrap:anywhere}
.form-line{border-bottom:1px solid #57534e;min-height:2rem;margin:0 0 1rem}
.back{display:inline-flex;align-items:center;min-height:48px;padding:.6rem 1rem;border-radius:.8rem;border:2px solid #9a3412;font-weight:700;text-decoration:none;margin-top:1rem}
footer{max-width:44rem;margin:0 auto;padding:1rem 1rem 2rem;color:#57534e;font-size:.95rem;border-top:1px solid #e7dccb}
footer ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0;margin:0}
footer a{display:inline-block;padding:.35rem 0}
@media print{.bar nav,.skip,footer,.back{display:none}body{background:#fff}}
`);
const ICON_LINKS = trustedHtml(PAGE_ICON_LINKS);

/** `[label](href)` → a link, for our own paths, anchors and mailto addresses only (escaped text in, HTML out). */
function withLinks(escaped: string): string {
  return escaped.replace(/\[([^\]]+)\]\(((?:\/|#|mailto:)[^)\s]*)\)/g, (_match, label: string, href: string) => `<a href="${href}">${label}</a>`);
}

/** One catalogue text, filled, escaped and with its links. */
function inline(text: string, values: Values, key: string): TrustedHtml {
  // Safe: the text is escaped before withLinks adds links, whose targets it limits to ours.
  return trustedHtml(withLinks(escapeHtml(fill(text, values, key))));
}

/**
 * A page's `sections` group as HTML: each section's `heading`, then its texts in catalogue
 * order, `li…` runs as one list. `extras` puts generated HTML (a table, the operator's
 * details) after the section of that name.
 */
export function renderSections(group: Catalogue, values: Values, keyPrefix: string, extras: Record<string, TrustedHtml> = {}): TrustedHtml[] {
  return Object.entries(group).map(([name, section], index) => {
    if (typeof section === 'string') throw new Error(`Legal section ${keyPrefix}.${name} must be a group`);
    const parts: TrustedHtml[] = [];
    let list: TrustedHtml[] = [];
    const flush = () => {
      if (list.length > 0) parts.push(html`<ul>${list}</ul>`);
      list = [];
    };
    for (const [key, text] of Object.entries(section)) {
      if (typeof text !== 'string') throw new Error(`Legal text ${keyPrefix}.${name}.${key} must be a text`);
      const content = inline(text, values, `${keyPrefix}.${name}.${key}`);
      if (key === 'heading') parts.push(html`<h2 id="${name}">${content}</h2>`);
      else if (key.startsWith('li')) list.push(html`<li>${content}</li>`);
      else {
        flush();
        parts.push(html`<p>${content}</p>`);
      }
    }
    flush();
    const between = parts.map((part, i) => (i === 0 ? part : html`\n${part}`));
    return html`${index === 0 ? '' : trustedHtml('\n')}<section aria-labelledby="${name}">${between}${extras[name]}</section>`;
  });
}

function languageSwitch(language: PageLanguage, path: string): TrustedHtml {
  const t = legalText(language);
  const links = pageLanguages.map((code) => {
    const current = code === language && trustedHtml(' aria-current="true"');
    return html`<li><a href="${path}?lang=${code}" hreflang="${HREFLANG[code]}" lang="${HTML_LANG[code]}"${current}>${LOCALE_NAMES[code]}</a></li>`;
  });
  return html`<nav aria-label="${t('common.language.label')}"><ul class="langs">${links}</ul></nav>`;
}

/** Every legal page, the privacy policy and the way back into the app, in the page's language. */
function footer(language: PageLanguage): TrustedHtml {
  const t = legalText(language);
  const links = [
    ...legalPages.map((page) => [`/${page}?lang=${language}`, t(`${pageKey(page)}.title`)] as const),
    ['/privacy', t('common.privacy')] as const,
    ['/?cookies=customise', t('common.cookieSettings')] as const,
    ['/', t('common.home')] as const,
    ['/app', t('common.app')] as const,
  ];
  return html`<footer><nav aria-label="${t('common.footerLabel')}"><ul>${links.map(
    ([href, label]) => html`<li><a href="${href}">${label}</a></li>`,
  )}</ul></nav></footer>`;
}

/** The catalogue group of a page (`partner-terms` → `partnerTerms`). */
export function pageKey(page: LegalPage): string {
  return page.replace(/-(\w)/g, (_m, letter: string) => letter.toUpperCase());
}

/** The date a version names, as the page shows it (`27 nov 2026`). */
export function versionDate(version: string, language: PageLanguage): string {
  return formatDate(new Date(`${version}T12:00:00Z`), language);
}

export interface LegalPageRender {
  page: LegalPage;
  language: PageLanguage;
  values: Values;
  /** Generated HTML placed after the section of that name. */
  extras?: Record<string, TrustedHtml>;
}

export function renderLegalPage({ page, language, values, extras = {} }: LegalPageRender): string {
  const t = legalText(language);
  const key = pageKey(page);
  const path = `/${page}`;
  const version = LEGAL_VERSIONS[page];
  const group = legalGroup(language, key);
  const intro = typeof group.intro === 'string' && html`<p>${inline(group.intro, values, `${key}.intro`)}</p>`;
  const sections = renderSections(legalGroup(language, `${key}.sections`), values, `${key}.sections`, extras);
  return html`<!doctype html>
<html lang="${HTML_LANG[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
${ICON_LINKS}
<meta name="color-scheme" content="light">
<title>${t(`${key}.title`)} · Regalo</title>
<style>${CSS}</style>
</head>
<body>
<a class="skip" href="#main">${t('common.skip')}</a>
<header class="bar"><a class="brand" href="/">Regalo</a>${languageSwitch(language, path)}</header>
<main id="main">
<h1>${t(`${key}.title`)}</h1>
<p class="version" data-testid="legal-version" data-version="${version}">${t('common.version', { date: versionDate(version, language) })}</p>
${intro}
${extras.top ?? ''}
${sections}
<p><a class="back" href="/">${t('common.back')}</a></p>
</main>
${footer(language)}
</body>
</html>
`.value;
}
