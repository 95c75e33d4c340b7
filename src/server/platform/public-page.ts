import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { HREFLANG, HTML_LANG, LOCALE_NAMES } from '@shared/locale';
import { ANALYTICS_COOKIE, CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, MARKETING_COOKIE, readConsent, type StoredConsent } from '@shared/contracts/consent-cookies';
import { catalogueText } from './catalogues';
import { html, joinHtml, trustedHtml, type TrustedHtml } from './html';
import { PAGE_ICON_LINKS } from './page-icons';
import { pageLanguages, type PageLanguage } from './page-language';
import { PUBLIC_PAGE_SCRIPT } from './public-page-script';

/*
 * The frame every public page the server renders without React shares (ADR 098): the landing
 * page and the shop window (ADR 067). One head (canonical, hreflang, Open Graph and Twitter
 * tags, the CSS inline), one header (brand, the catalogue, the cart with its count, sign-in,
 * the language menu), one footer (the legal pages, the withdrawal form, the partner
 * agreement, cookie settings) and the cookie banner as a form. Everything works without
 * JavaScript; one small script (public-page-script.ts, served from its own address because
 * the CSP allows no inline script) fills the cart's count, which lives in the browser's
 * storage, and makes the menu and the banner act in place.
 */

// The language menu's button (shown without JavaScript, `.no-js-only`) is as tall as its
// select, so the header keeps its height when the script hides it: at 48 px it moved the
// whole page 4 px after the first paint (the landing's layout shift, docs/performance.md).
// The browser may paint a document the parser has not finished (a slow or busy phone): a
// header whose links are still arriving grows and moves its right-aligned links, and the
// banner, fixed to the bottom, grows upwards as its buttons arrive (Lighthouse counted a
// shift of 0.05). So neither is painted until it is whole: the header once `main` follows
// it, the banner once its form's last field (the hidden `back`) is there. A browser without
// `:has()` drops the rule and paints as before.
export const PUBLIC_PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1c1917;background:#fffbf5}
a{color:#9a3412;text-underline-offset:3px}
a:focus-visible,input:focus-visible,select:focus-visible,button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
h1,h2,h3{font-family:'Iowan Old Style','Palatino Linotype',Palatino,ui-serif,Georgia,serif;line-height:1.15;margin:0}
h1{font-size:1.9rem;margin:.25rem 0 .5rem}
h2{font-size:1.3rem;margin:1.5rem 0 .75rem}
h3{font-size:1.1rem;margin:0}
p{margin:0 0 .5rem}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem;z-index:1}
.skip:focus{left:.5rem;top:.5rem}
.bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.25rem 1rem;max-width:64rem;margin:0 auto;padding:.5rem 1rem}
.brand{font-family:'Iowan Old Style',Palatino,Georgia,serif;font-weight:700;font-size:1.35rem;color:#9a3412;text-decoration:none}
.nav{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem;margin:0;padding:0;list-style:none}
.nav a{display:inline-flex;align-items:center;padding:.5rem .6rem;min-height:44px;border-radius:.5rem;font-weight:600;font-size:.95rem}
.nav a[aria-current]{background:#ffedd5;color:#7c2d12;text-decoration:none}
main{max-width:64rem;margin:0 auto;padding:0 1rem 2rem}
.eyebrow{font-size:.8rem;font-weight:700;letter-spacing:.14em;text-transform:uppercase;color:#9a3412;margin-top:.75rem}
.muted{color:#57534e}
.panel{background:#fff;border:1px solid #e7dccb;border-radius:1rem;padding:1rem;margin:1rem 0}
label{display:block;font-weight:600;font-size:.95rem;margin-bottom:.25rem}
input[type=search],input[type=number],select{width:100%;min-height:44px;padding:.5rem .6rem;border:1px solid #78716c;border-radius:.6rem;background:#fff;font:inherit;color:inherit}
.check{display:flex;align-items:center;gap:.5rem;min-height:44px;font-weight:600}
.check input{width:1.25rem;height:1.25rem;accent-color:#9a3412}
.row{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:.6rem 1.1rem;border-radius:.8rem;border:2px solid #9a3412;font:inherit;font-weight:700;text-decoration:none;text-align:center;color:#9a3412;background:#fff;cursor:pointer}
.primary{background:#9a3412;color:#fff}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem;margin:0;padding:0;list-style:none}
.card{position:relative;display:flex;flex-direction:column;height:100%;background:#fff;border:1px solid #e7dccb;border-radius:1rem;overflow:hidden}
.card img,.card .ph{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;background:#fbf3e6}
.card .body{display:flex;flex-direction:column;gap:.25rem;padding:.75rem 1rem 1rem;flex:1}
.card h3 a{text-decoration:none;color:#1c1917}
.card h3 a::after{content:'';position:absolute;inset:0}
.card h3 a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px;border-radius:.2rem}
.price{font-weight:700;font-size:1.1rem;color:#7c2d12;margin-top:auto}
.tag{display:inline-block;background:#ecfccb;color:#365314;border-radius:999px;padding:.1rem .6rem;font-size:.85rem;font-weight:600}
.hero{display:grid;gap:1rem;grid-template-columns:1fr}
.hero img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:1rem;background:#fbf3e6}
@media (min-width:48rem){.hero{grid-template-columns:1fr 1fr;align-items:start}}
footer{max-width:64rem;margin:0 auto;padding:1rem 1rem 2rem;color:#57534e;font-size:.95rem;border-top:1px solid #e7dccb}
footer ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0;margin:0}
footer a{display:inline-block;padding:.35rem 0}
.cart{position:relative;gap:.35rem}
.cart svg{width:1.25rem;height:1.25rem}
.cart .count{display:inline-flex;align-items:center;justify-content:center;min-width:1.4rem;height:1.4rem;padding:0 .35rem;border-radius:999px;background:#9a3412;color:#fff;font-size:.8rem;line-height:1}
.cart .count[hidden]{display:none}
.lang-form{display:flex;align-items:center;gap:.35rem}
.lang-form select{width:auto;min-height:44px;padding:.35rem .5rem;border-radius:999px}
.lang-form .button{min-height:44px;padding-block:.35rem}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.js .no-js-only{display:none}
.cookie-banner{position:fixed;inset:auto 0 0 0;z-index:40;padding:.75rem}
.cookie-banner[hidden]{display:none}
body>header:not(:has(~main)),.cookie-banner:not(:has(input[name=back])){visibility:hidden}
.cookie-banner>div{position:relative;max-width:48rem;margin:0 auto;max-height:calc(100dvh - 1.5rem);overflow-y:auto;background:#fff;border:1px solid #e7dccb;border-radius:1.25rem;padding:1rem 3.25rem 1rem 1rem;box-shadow:0 12px 32px rgb(67 20 7/.18)}
.cookie-banner h2{font-size:1.1rem;margin:0 0 .35rem}
.cookie-banner p{font-size:.9rem;color:#57534e}
.cookie-banner .choices{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.75rem}
.cookie-banner .choice{min-width:9rem;background:#0c4a6e;border-color:#0c4a6e;color:#fff}
.cookie-banner .link-button{background:none;border:0;min-height:44px;padding:.25rem .5rem;font:inherit;font-weight:600;text-decoration:underline;cursor:pointer;color:#1c1917}
.cookie-banner .close{position:absolute;top:.5rem;right:.5rem;width:44px;height:44px;border:0;border-radius:999px;background:none;font-size:1.5rem;cursor:pointer;color:#57534e}
.cookie-banner fieldset{border:0;padding:0;margin:.5rem 0 0}
.cookie-banner fieldset[hidden]{display:none}
.cookie-banner .check{font-weight:600}
footer .footer-button{background:none;border:0;padding:.35rem 0;font:inherit;color:#9a3412;text-decoration:underline;text-underline-offset:3px;cursor:pointer}
`;

/** An address of the site with its query string; `lang` always last so links read alike. */
export function pageHref(path: string, params: Record<string, string | undefined>, language?: PageLanguage): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(name, value);
  if (language) search.set('lang', language);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** JSON for a html`<script type="application/ld+json">` block: html`<` escaped so no text can end it. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export interface PublicSite {
  /** The site's public origin, e.g. `https://regalo.example` (no trailing slash). */
  origin: string;
}

/** How the page offers the other languages: links (the shop window) or a menu, as the app's header. */
export type LanguageMenuStyle = 'links' | 'menu';

/** The cookie banner: not shown (a choice is stored), its first view, or its categories open. */
export type CookieBannerState = { consent: StoredConsent | null; customise: boolean };

export interface PublicPageParts {
  language: PageLanguage;
  site: PublicSite;
  /** The document's title (without the site's name when `bareTitle`). */
  title: string;
  bareTitle?: boolean;
  description: string;
  /** The page's path and its other parameters (without `lang`). */
  path: string;
  params?: Record<string, string | undefined>;
  image?: string | null;
  ogType?: 'website' | 'product' | 'business.business';
  structured?: unknown;
  /** The page's content, built with the `html` template (platform/html.ts). */
  body: TrustedHtml;
  /** Error pages: not indexed, no canonical. */
  indexable?: boolean;
  /** The navigation item this page is (the catalogue). */
  current?: 'gifts';
  /** The page's own CSS, after the shared one: a constant of the page's code, never data. */
  css?: string;
  languageMenu?: LanguageMenuStyle;
  /** The cookie banner, on pages that carry it (the landing page). */
  cookieBanner?: CookieBannerState;
}

/** Open Graph's locales (language_TERRITORY); Valencian as Catalan of Spain, as it formats. */
const OG_LOCALES: Record<PageLanguage, string> = { en: 'en_GB', es: 'es_ES', va: 'ca_ES' };

/** The public pages' texts: the `common` catalogue's header and footer, the `shop` one's navigation. */
function textsFor(language: PageLanguage) {
  return { common: catalogueText('common', language), shop: catalogueText('shop', language), cookies: catalogueText('cookies', language) };
}
type Texts = ReturnType<typeof textsFor>;

// lucide's ShoppingCart, as the app draws it.
const CART_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="8" cy="21" r="1"></circle><circle cx="19" cy="21" r="1"></circle><path d="M2.05 2.05h2l2.66 12.42a2 2 0 0 0 2 1.58h9.78a2 2 0 0 0 1.95-1.57l1.65-7.43H5.12"></path></svg>';

/**
 * The cart: a guest's and a signed-in giver's cart are kept in the browser (ADRs 066, 075), so
 * the server cannot count it; the link leads to the checkout, which shows it, and the script
 * writes the count and the link's name (`data-one`/`data-other`, `#` for the number).
 */
export function cartLink(t: Texts['common']): TrustedHtml {
  const one = t('header.cartCount', { count: 1 }).replace('1', '#');
  const other = t('header.cartCount', { count: 2 }).replace('2', '#');
  return html`<a class="cart" href="/checkout" data-cart data-one="${one}" data-other="${other}">${trustedHtml(CART_ICON)}<span data-cart-label>${t('header.cart')}</span><span class="count" data-cart-count hidden></span></a>`;
}

function languageLinks(language: PageLanguage, path: string, params: Record<string, string | undefined>, label: string): TrustedHtml {
  const items = pageLanguages
    .map((code) => {
      const here = code === language && html` aria-current="true"`;
      return html`<li><a href="${pageHref(path, params, code)}" hreflang="${HREFLANG[code]}" lang="${HTML_LANG[code]}"${here}>${LOCALE_NAMES[code]}</a></li>`;
    });
  return html`<nav aria-label="${label}"><ul class="nav">${items}</ul></nav>`;
}

/** A menu like the app's (a native select), sent as a form without JavaScript; the script follows a change at once. */
function languageMenu(t: Texts['common'], language: PageLanguage, path: string, params: Record<string, string | undefined>, id: string): TrustedHtml {
  const hidden = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value!}">`);
  const options = pageLanguages
    .map((code) => html`<option value="${code}" lang="${HTML_LANG[code]}"${code === language ? ' selected' : ''}>${LOCALE_NAMES[code]}</option>`);
  return html`<form class="lang-form" method="get" action="${path}" data-language-menu>${hidden}<label class="sr-only" for="${id}">${t('language.label')}</label><select id="${id}" name="lang">${options}</select><button class="button no-js-only" type="submit">${t('language.change')}</button></form>`;
}

function header(t: Texts, parts: PublicPageParts): TrustedHtml {
  const { language, path, params = {}, current, languageMenu: style = 'links' } = parts;
  const gifts = current === 'gifts' && html` aria-current="page"`;
  const languages = style === 'menu' ? languageMenu(t.common, language, path, params, 'language-menu') : languageLinks(language, path, params, t.shop('language.label'));
  return html`<header class="bar"><a class="brand" href="/">${t.shop('brand')}</a>
<nav aria-label="${t.shop('nav.label')}"><ul class="nav">
<li><a href="${pageHref('/gifts', {}, language)}"${gifts}>${t.shop('nav.allGifts')}</a></li>
<li>${cartLink(t.common)}</li>
<li><a href="/auth">${t.common('header.signIn')}</a></li>
</ul></nav>
${languages}</header>`;
}

function footer(t: Texts, parts: PublicPageParts): TrustedHtml {
  const { language, path } = parts;
  const withLanguage = (page: string) => `/${page}?lang=${language}`;
  const links: [string, string][] = [
    ['/', t.shop('footer.home')],
    ['/privacy', t.shop('footer.privacy')],
    [withLanguage('terms'), t.shop('footer.terms')],
    [withLanguage('legal'), t.shop('footer.legal')],
    [withLanguage('cookies'), t.shop('footer.cookies')],
    [withLanguage('accessibility'), t.shop('footer.accessibility')],
    [withLanguage('withdrawal-form'), t.common('footer.withdrawalForm')],
    [withLanguage('partner-terms'), t.common('footer.partnerTerms')],
    ['/business/interest', t.shop('nav.forBusinesses')],
  ];
  // Without the banner on the page, the settings are the app's (`#cookie-settings`, ADR 059);
  // with it, a form that opens its categories (the script opens them in place).
  const settings = parts.cookieBanner
    ? html`<li><form method="get" action="${path}" data-cookie-settings><input type="hidden" name="lang" value="${language}"><button class="footer-button" type="submit" name="cookies" value="customise">${t.common('footer.cookieSettings')}</button></form></li>`
    : html`<li><a href="/privacy#cookie-settings">${t.common('footer.cookieSettings')}</a></li>`;
  return html`<footer><nav aria-label="${t.shop('footer.label')}"><ul>${links.map(([href, label]) => html`<li><a href="${href}">${label}</a></li>`)}${settings}</ul></nav>
<p>${t.common('footer.copyright', { year: new Date().getFullYear() })}</p></footer>`;
}

/** Where the banner's form is answered without JavaScript (cookie-consent route below). */
export const CONSENT_FORM_PATH = '/cookie-consent';

/**
 * The banner as a form: "Accept all", "Decline all" and the categories' "Save choices" post
 * to the server, which stores the cookies and sends the visitor back; "Customise" asks for
 * the same page with the categories open. The script does all of it in place.
 */
function cookieBanner(t: Texts, parts: PublicPageParts, state: CookieBannerState): TrustedHtml {
  const { language, path, params = {} } = parts;
  const c = t.cookies;
  const shown = state.consent === null || state.customise;
  const checked = (on: boolean | undefined) => (on ? ' checked' : '');
  const category = (name: 'analytics' | 'marketing', on: boolean | undefined) =>
    html`<label class="check"><input type="checkbox" role="switch" name="${name}" value="true"${checked(on)}> ${c(`categories.${name}.name`)}</label><p>${c(`categories.${name}.description`)}</p>`;
  return html`<section id="cookie-banner" class="cookie-banner" aria-labelledby="cookie-banner-title" tabindex="-1"${shown ? '' : ' hidden'} data-cookie-banner>
<div><form method="post" action="${CONSENT_FORM_PATH}">
<button class="close" type="button" aria-label="${c('close')}" data-close hidden>×</button>
<h2 id="cookie-banner-title">${c('title')}</h2>
<p>${c('description')} <a href="/privacy">${c('privacyLink')}</a></p>
<fieldset data-categories${state.customise ? '' : ' hidden'}><legend class="sr-only">${c('customize')}</legend>
<label class="check"><input type="checkbox" role="switch" checked disabled> ${c('categories.necessary.name')}</label><p>${c('categories.necessary.description')}</p>
${category('analytics', state.consent?.analytics)}
${category('marketing', state.consent?.marketing)}
<button class="button primary" type="submit" name="choice" value="save">${c('save')}</button>
</fieldset>
<div class="choices">
<button class="button choice" type="submit" name="choice" value="all">${c('acceptAll')}</button>
<button class="button choice" type="submit" name="choice" value="necessary">${c('declineAll')}</button>
${state.customise ? '' : html`<button class="link-button" type="submit" formmethod="get" formaction="${path}" name="cookies" value="customise" data-customise>${c('customize')}</button>`}
</div>
<input type="hidden" name="back" value="${pageHref(path, params, language)}">
</form></div></section>`;
}

/** The script's address: named by its content, so it can be cached for a year. */
export const PUBLIC_PAGE_SCRIPT_PATH = `/page-${createHash('sha256').update(PUBLIC_PAGE_SCRIPT).digest('hex').slice(0, 12)}.js`;

export function renderPublicDocument(parts: PublicPageParts): string {
  const { language, site, title, bareTitle = false, description, path, params = {}, image, ogType = 'website', structured, body, indexable = true, css = '', cookieBanner: banner } = parts;
  const t = textsFor(language);
  const absolute = (href: string) => `${site.origin}${href}`;
  const canonical = absolute(pageHref(path, params, language));
  const head = indexable
    ? [
        html`<link rel="canonical" href="${canonical}">`,
        ...pageLanguages.map((code) => html`<link rel="alternate" hreflang="${HREFLANG[code]}" href="${absolute(pageHref(path, params, code))}">`),
        html`<link rel="alternate" hreflang="x-default" href="${absolute(pageHref(path, params))}">`,
        html`<meta property="og:type" content="${ogType}">`,
        html`<meta property="og:site_name" content="${t.shop('meta.siteName')}">`,
        html`<meta property="og:title" content="${title}">`,
        html`<meta property="og:description" content="${description}">`,
        html`<meta property="og:url" content="${canonical}">`,
        html`<meta property="og:locale" content="${OG_LOCALES[language]}">`,
        ...pageLanguages.filter((code) => code !== language).map((code) => html`<meta property="og:locale:alternate" content="${OG_LOCALES[code]}">`),
        ...(image ? [html`<meta property="og:image" content="${absolute(image)}">`] : []),
        html`<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
        html`<meta name="twitter:title" content="${title}">`,
        html`<meta name="twitter:description" content="${description}">`,
        ...(image ? [html`<meta name="twitter:image" content="${absolute(image)}">`] : []),
        // jsonLd writes <, > and & as JSON escapes: nothing in it can end the script element.
        ...(structured ? [html`<script type="application/ld+json">${trustedHtml(jsonLd(structured))}</script>`] : []),
      ]
    : [html`<meta name="robots" content="noindex">`];
  return html`<!doctype html>
<html lang="${HTML_LANG[language]}" data-language="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
${trustedHtml(PAGE_ICON_LINKS)}
<meta name="color-scheme" content="light">
<title>${bareTitle ? title : `${title} · Regalo`}</title>
<meta name="description" content="${description}">
${joinHtml(head, '\n')}
<style>${trustedHtml(PUBLIC_PAGE_CSS + css)}</style>
<script src="${PUBLIC_PAGE_SCRIPT_PATH}" defer></script>
</head>
<body>
<a class="skip" href="#main">${t.shop('skip')}</a>
${header(t, parts)}
<main id="main">
${body}
</main>
${footer(t, parts)}
${banner ? cookieBanner(t, parts, banner) : ''}
</body>
</html>
`.value;
}

/**
 * A public page's document (the landing page, the shop's pages, the legal pages), compressed as
 * the browser accepts. The landing page is ~23 KB of
 * HTML (its CSS inline): sent as is, it takes a second round trip on a phone's connection (a
 * new connection's first flight is ~14 KB) and may reach the parser in pieces, so the browser
 * can paint a half-parsed header that then moves. Compressed (~6 KB) it comes in one flight.
 * Compressed per request, since the page depends on the visitor's cookies: Brotli at quality
 * 5 and gzip at level 6 cost well under a millisecond for a page this size.
 */
export function sendPublicDocument(reply: FastifyReply, acceptEncoding: string | undefined, html: string): FastifyReply {
  reply.type('text/html; charset=utf-8');
  // Caches must keep the compressed and the plain copies apart.
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (/\bbr\b/.test(acceptEncoding ?? '')) {
    return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(acceptEncoding ?? '')) return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  return reply.send(html);
}

/** A same-site path to go back to after the banner's form (anything else: the home page). */
export function backPath(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) && value.length <= 2000 ? value : '/';
}

/** The banner's banner state for a request: the stored choice, and whether `?cookies=customise` asks for the categories. */
export function cookieBannerState(cookieHeader: string | undefined, query: Record<string, unknown>): CookieBannerState {
  return { consent: readConsent(cookieHeader ?? ''), customise: query.cookies === 'customise' };
}

/**
 * The script's own address, and the banner's form for browsers without JavaScript: stores the
 * choice in the same three cookies as the app's banner (shared/contracts/consent-cookies.ts)
 * and sends the visitor back to the page they were on.
 */
export const publicPageRoutes: FastifyPluginAsync = async (app) => {
  const secure = app.ctx.config.publicUrl.startsWith('https:');
  app.get(PUBLIC_PAGE_SCRIPT_PATH, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=31536000, immutable').type('text/javascript; charset=utf-8').send(PUBLIC_PAGE_SCRIPT),
  );
  // The banner's form, in this plugin's scope only: the API reads JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post(CONSENT_FORM_PATH, async (request, reply) => {
    const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const choice = form.choice === 'all' ? { analytics: true, marketing: true } : form.choice === 'save' ? { analytics: form.analytics === 'true', marketing: form.marketing === 'true' } : { analytics: false, marketing: false };
    const attributes = `; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
    const level = choice.analytics && choice.marketing ? 'all' : 'necessary';
    reply.header('set-cookie', [
      `${CONSENT_COOKIE}=${level}${attributes}`,
      `${ANALYTICS_COOKIE}=${String(choice.analytics)}${attributes}`,
      `${MARKETING_COOKIE}=${String(choice.marketing)}${attributes}`,
    ]);
    return reply.status(303).header('location', backPath(form.back)).header('cache-control', 'no-store').send();
  });
};
