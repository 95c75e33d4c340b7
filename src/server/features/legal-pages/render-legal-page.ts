import { HREFLANG, HTML_LANG, LOCALE_NAMES } from '@shared/locale';
import { escapeHtml } from '@shared/escape-html';
import { formatDate } from '@shared/format';
import { LEGAL_VERSIONS, legalPages, type LegalPage } from '@shared/domain/legal-versions';
import { pageLanguages, type PageLanguage } from '../../platform/page-language';
import { fill, legalGroup, legalText, type Catalogue, type Values } from './legal-text';
import { PAGE_ICON_LINKS } from '../../platform/page-icons';

/*
 * The legal pages are plain server-rendered HTML with their CSS inline and no script, like
 * the recipient's gift page (ADRs 032, 059): they must read the same with JavaScript off, on
 * a phone, in either language, and a consumer must be able to keep them (print, save).
 * Every text goes through escapeHtml; the catalogues may link with `[label](href)`, where
 * href is one of our paths, an anchor or a mailto address.
 */

const e = escapeHtml;

const CSS = `
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
`;

/** `[label](href)` → a link, for our own paths, anchors and mailto addresses only (escaped text in, HTML out). */
function withLinks(escaped: string): string {
  return escaped.replace(/\[([^\]]+)\]\(((?:\/|#|mailto:)[^)\s]*)\)/g, (_match, label: string, href: string) => `<a href="${href}">${label}</a>`);
}

/** One catalogue text, filled, escaped and with its links. */
function inline(text: string, values: Values, key: string): string {
  return withLinks(e(fill(text, values, key)));
}

/**
 * A page's `sections` group as HTML: each section's `heading`, then its texts in catalogue
 * order, `li…` runs as one list. `extras` puts generated HTML (a table, the operator's
 * details) after the section of that name.
 */
export function renderSections(group: Catalogue, values: Values, keyPrefix: string, extras: Record<string, string> = {}): string {
  return Object.entries(group)
    .map(([name, section]) => {
      if (typeof section === 'string') throw new Error(`Legal section ${keyPrefix}.${name} must be a group`);
      const parts: string[] = [];
      let list: string[] = [];
      const flush = () => {
        if (list.length > 0) parts.push(`<ul>${list.join('')}</ul>`);
        list = [];
      };
      for (const [key, text] of Object.entries(section)) {
        if (typeof text !== 'string') throw new Error(`Legal text ${keyPrefix}.${name}.${key} must be a text`);
        const html = inline(text, values, `${keyPrefix}.${name}.${key}`);
        if (key === 'heading') parts.push(`<h2 id="${e(name)}">${html}</h2>`);
        else if (key.startsWith('li')) list.push(`<li>${html}</li>`);
        else {
          flush();
          parts.push(`<p>${html}</p>`);
        }
      }
      flush();
      return `<section aria-labelledby="${e(name)}">${parts.join('\n')}${extras[name] ?? ''}</section>`;
    })
    .join('\n');
}

function languageSwitch(language: PageLanguage, path: string): string {
  const t = legalText(language);
  const links = pageLanguages
    .map((code) => {
      const current = code === language ? ' aria-current="true"' : '';
      return `<li><a href="${e(path)}?lang=${code}" hreflang="${HREFLANG[code]}" lang="${HTML_LANG[code]}"${current}>${e(LOCALE_NAMES[code])}</a></li>`;
    })
    .join('');
  return `<nav aria-label="${e(t('common.language.label'))}"><ul class="langs">${links}</ul></nav>`;
}

/** Every legal page, the privacy policy and the way back into the app, in the page's language. */
function footer(language: PageLanguage): string {
  const t = legalText(language);
  const links = [
    ...legalPages.map((page) => [`/${page}?lang=${language}`, t(`${pageKey(page)}.title`)] as const),
    ['/privacy', t('common.privacy')] as const,
    ['/#cookie-settings', t('common.cookieSettings')] as const,
    ['/', t('common.home')] as const,
    ['/app', t('common.app')] as const,
  ];
  return `<footer><nav aria-label="${e(t('common.footerLabel'))}"><ul>${links
    .map(([href, label]) => `<li><a href="${e(href)}">${e(label)}</a></li>`)
    .join('')}</ul></nav></footer>`;
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
  extras?: Record<string, string>;
}

export function renderLegalPage({ page, language, values, extras = {} }: LegalPageRender): string {
  const t = legalText(language);
  const key = pageKey(page);
  const path = `/${page}`;
  const version = LEGAL_VERSIONS[page];
  const group = legalGroup(language, key);
  const intro = typeof group.intro === 'string' ? `<p>${inline(group.intro, values, `${key}.intro`)}</p>` : '';
  const sections = renderSections(legalGroup(language, `${key}.sections`), values, `${key}.sections`, extras);
  return `<!doctype html>
<html lang="${HTML_LANG[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
${PAGE_ICON_LINKS}
<meta name="color-scheme" content="light">
<title>${e(t(`${key}.title`))} · Regalo</title>
<style>${CSS}</style>
</head>
<body>
<a class="skip" href="#main">${e(t('common.skip'))}</a>
<header class="bar"><a class="brand" href="/">Regalo</a>${languageSwitch(language, path)}</header>
<main id="main">
<h1>${e(t(`${key}.title`))}</h1>
<p class="version" data-testid="legal-version" data-version="${e(version)}">${e(t('common.version', { date: versionDate(version, language) }))}</p>
${intro}
${extras.top ?? ''}
${sections}
<p><a class="back" href="/">${e(t('common.back'))}</a></p>
</main>
${footer(language)}
</body>
</html>
`;
}
