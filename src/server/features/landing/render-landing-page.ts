import { FORMAT_TAGS } from '@shared/locale';
import { landingFigureKeys, type LandingFigures } from './landing-figures';
import type { FeaturedGift } from '@shared/contracts/shop';
import { catalogueText } from '../../platform/catalogues';
import { html, joinHtml } from '../../platform/html';
import type { PageLanguage } from '../../platform/page-language';
import { pageHref, renderPublicDocument, type CookieBannerState, type PublicSite } from '../../platform/public-page';

/*
 * The landing page `/` (ADR 098), rendered by the server in the frame of every public page
 * (platform/public-page.ts), like the shop window: complete in the visitor's language, with
 * the figures counted from the data (count-landing-figures.ts; no block below the threshold)
 * and the newest gifts. Its one script (public-page-script.ts) only enhances: the "how it
 * works" reveal, the language menu, the cookie banner and the cart's count.
 */

// "How it works" animates only once its reveal has started (`data-timeline=started`): the
// script dims the steps and blocks while the page loads, and with the transitions always on
// that dimming was itself animated, some twenty to thirty rounds of style, layout and paint on the main
// thread during the first second (docs/performance.md). The bar grows by `transform`, which
// the compositor animates, not by `width`, which lays the page out on every frame. A figure's
// label is not painted before its figure, which is drawn above it (see public-page.ts).
const LANDING_CSS = `
.bar{max-width:72rem}
main{max-width:none;padding:0}
.wrap{max-width:72rem;margin:0 auto;padding:0 1rem}
section.band{padding:3rem 0}
.hero-band{background:linear-gradient(#fff1e3,#fffbf5);padding:2.5rem 0 3rem}
.hero-band h1{font-size:2.5rem;line-height:1.05;letter-spacing:-.01em;margin:.75rem 0 1rem;max-width:40rem}
.lead{font-size:1.15rem;color:#57534e;max-width:38rem}
.pill{display:inline-block;border:1px solid #fed7aa;background:#fff;border-radius:999px;padding:.3rem .8rem;font-size:.9rem;font-weight:600;color:#7c2d12}
.ctas{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.5rem 0}
.trust{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;list-style:none;margin:0;padding:0;font-weight:600;font-size:.95rem}
.trust li::before{content:'✓ ';color:#3f6212}
.notice{border:1px solid #bbf7d0;background:#f0fdf4;border-radius:1rem;padding:1rem;margin-bottom:1rem}
.stats{background:#fbf3e6;border-block:1px solid #e7dccb;text-align:center}
.stats h2{font-size:.85rem;letter-spacing:.16em;text-transform:uppercase;color:#9a3412;margin:0 0 1rem;font-family:inherit}
.stats dl{display:grid;grid-template-columns:repeat(3,1fr);gap:1rem;margin:0}
.stats div{display:flex;flex-direction:column-reverse}
.stats div:not(:has(dd)){visibility:hidden}
.stats dd{margin:0;font-family:'Iowan Old Style',Palatino,Georgia,serif;font-size:2rem;font-weight:700;color:#7c2d12;font-variant-numeric:tabular-nums}
.stats dt{color:#57534e}
.center{text-align:center;max-width:42rem;margin:0 auto}
.progress{display:flex;align-items:center;gap:1rem;max-width:28rem;margin:1.5rem auto}
.progress [role=progressbar]{flex:1;height:.5rem;border-radius:999px;background:#efe3d0;overflow:hidden}
.progress [role=progressbar] div{height:100%;background:#c2410c;transform-origin:0 50%}
.steps-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr));gap:1rem;list-style:none;margin:1.5rem 0 0;padding:0}
.steps-grid li{border:2px solid #e7dccb;border-radius:1.25rem;padding:1.25rem;background:#fffbf5}
.steps-grid li[data-state=lit]{border-color:#fdba74;background:#fff7ed}
.steps-grid .n{display:inline-flex;align-items:center;justify-content:center;width:2.5rem;height:2.5rem;border-radius:.8rem;background:#efe3d0;font-weight:700}
.steps-grid li[data-state=lit] .n{background:#c2410c;color:#fff}
.steps-grid h3{margin:.75rem 0 .35rem}
.feel{font-style:italic;color:#7c2d12}
[data-block]{margin-top:2.5rem}
[data-block][data-state=hidden]{opacity:0;transform:translateY(1rem)}
[data-timeline=started] .progress [role=progressbar] div{transition:transform .5s}
[data-timeline=started] .steps-grid li{transition:background-color .5s,border-color .5s}
[data-timeline=started] [data-block]{transition:opacity .7s,transform .7s}
.two{display:grid;gap:1rem}
@media (min-width:48rem){.two{grid-template-columns:1fr 1fr}.hero-band h1{font-size:3.5rem}}
.dark{background:#0c4a6e;color:#f5efe6}
.dark h2,.dark h3{color:#fff}
.dark a.button{background:#fff;color:#0c4a6e;border-color:#fff}
.dark a:focus-visible{outline-color:#fff}
.dark .panel{background:rgb(255 255 255/.06);border-color:rgb(255 255 255/.15)}
.dark p{color:#e7dccb}
.benefits{columns:2 16rem;list-style:none;padding:0}
.benefits li{padding:.5rem 0;border-bottom:1px solid #e7dccb;break-inside:avoid}
.cta-band{background:#fff1e3;text-align:center}
@media (prefers-reduced-motion:reduce){*{transition:none!important}}
`;

export interface LandingRender {
  language: PageLanguage;
  site: PublicSite;
  figures: LandingFigures | null;
  gifts: FeaturedGift[];
  cookieBanner: CookieBannerState;
  /** `?account=deleted`: the account was just deleted. */
  accountDeleted: boolean;
}

const steps = ['choose', 'personalise', 'pay', 'send', 'redeem', 'enjoy'] as const;
const contrastSteps = ['one', 'two', 'three', 'four'] as const;
const benefitKeys = ['local', 'verified', 'validity', 'noApp', 'safe', 'bilingual'] as const;

export function renderLandingPage({ language, site, figures, gifts, cookieBanner, accountDeleted }: LandingRender): string {
  const t = catalogueText('landing', language);
  const gifts_ = pageHref('/gifts', {}, language);
  const count = (value: number) => new Intl.NumberFormat(FORMAT_TAGS[language], { useGrouping: 'always' }).format(value);
  const total = steps.length;

  const notice = accountDeleted
    ? html`<div class="notice" role="status"><h2 style="margin:0 0 .35rem">${t('accountDeleted.title')}</h2><p>${t('accountDeleted.lead')}</p></div>`
    : '';
  const hero = html`<section class="hero-band" aria-labelledby="hero-title"><div class="wrap">
${notice}<p class="pill">${t('hero.eyebrow')}</p>
<h1 id="hero-title">${t('hero.title')}</h1>
<p class="lead">${t('hero.subtitle')}</p>
<div class="ctas">
<a class="button primary" href="${gifts_}">${t('hero.sendGift')}</a>
<a class="button" href="/business/interest">${t('hero.business')}</a>
<a class="button" href="${pageHref('/g', {}, language)}">${t('hero.redeemGift')}</a>
</div>
<ul class="trust" aria-label="${t('hero.trustLabel')}">${(['verified', 'payment', 'qr'] as const).map((key) => html`<li>${t(`hero.trust.${key}`)}</li>`)}</ul>
</div></section>`;

  const stats = figures
    ? html`<section class="band stats" aria-labelledby="stats-title"><div class="wrap">
<h2 id="stats-title">${t('stats.title')}</h2>
<dl>${landingFigureKeys.map((key) => html`<div><dt>${t(`stats.${key}`)}</dt><dd data-testid="stat-${key}">${count(figures[key])}</dd></div>`)}</dl>
</div></section>`
    : '';

  // Shown whole as sent; the script dims it and plays the reveal once the section is seen.
  const how = html`<section class="band" id="how-it-works" aria-labelledby="how-it-works-title" data-timeline="shown"><div class="wrap">
<div class="center"><p class="eyebrow">${t('howItWorks.eyebrow')}</p>
<h2 id="how-it-works-title">${t('howItWorks.title')}</h2>
<p class="muted">${t('howItWorks.subtitle')}</p></div>
<div class="progress"><div role="progressbar" aria-label="${t('howItWorks.progressLabel')}" aria-valuemin="0" aria-valuemax="${total}" aria-valuenow="${total}" aria-valuetext="${t('howItWorks.progressValue', { count: total, total })}" data-valuetext="${t('howItWorks.progressValue', { count: 1234567, total }).replace('1234567', '#')}"><div></div></div>
<p data-testid="how-it-works-progress" data-progress style="margin:0;font-weight:700">${total}/${total}</p></div>
<ol class="steps-grid">${joinHtml(
    steps.map(
      (key, index) => html`<li data-step data-state="lit"><span class="n" aria-hidden="true">${index + 1}</span>
<h3><span class="sr-only">${t('howItWorks.stepLabel', { number: index + 1 })}: </span>${t(`howItWorks.steps.${key}.title`)}</h3>
<p class="muted">${t(`howItWorks.steps.${key}.description`)}</p><p class="feel">${t(`howItWorks.steps.${key}.emotion`)}</p></li>`,
    ),
    '\n',
  )}</ol>
<div data-block data-testid="how-it-works-contrast" data-state="shown"><h3 class="center" style="font-size:1.6rem">${t('howItWorks.contrast.title')}</h3>
<div class="two" style="margin-top:1rem">
<div class="panel"><h4>${t('howItWorks.contrast.traditional.title')}</h4><ul>${contrastSteps.map((s) => html`<li>${t(`howItWorks.contrast.traditional.steps.${s}`)}</li>`)}</ul></div>
<div class="panel dark"><h4>${t('howItWorks.contrast.regalo.title')}</h4><ul>${contrastSteps.map((s) => html`<li>${t(`howItWorks.contrast.regalo.steps.${s}`)}</li>`)}</ul></div>
</div></div>
<div data-block data-testid="how-it-works-benefits" data-state="shown"><h3 class="center" style="font-size:1.4rem">${t('howItWorks.benefits.title')}</h3>
<ul class="benefits">${benefitKeys.map((key) => html`<li>${t(`howItWorks.benefits.items.${key}`)}</li>`)}</ul></div>
<div data-block data-testid="how-it-works-cta" data-state="shown"><div class="panel dark center"><h3 style="font-size:1.6rem">${t('howItWorks.cta.title')}</h3>
<p>${t('howItWorks.cta.subtitle')}</p><p><a class="button" href="${gifts_}">${t('howItWorks.cta.button')}</a></p></div></div>
</div></section>`;

  const window_ =
    gifts.length > 0
      ? html`<section class="band" aria-labelledby="shop-window-title"><div class="wrap">
<h2 id="shop-window-title">${t('shopWindow.title')}</h2><p class="muted">${t('shopWindow.intro')}</p>
<ul class="grid">${joinHtml(
          gifts.map(
            (gift) => html`<li><article class="card" data-testid="landing-gift">${gift.imageUrl ? html`<img src="${gift.imageUrl}" alt="" width="480" height="360" loading="lazy" decoding="async">` : html`<div class="ph" aria-hidden="true"></div>`}<div class="body">
<h3><a href="${gift.href}">${gift.name}</a></h3><p class="muted">${t('shopWindow.by', { business: gift.businessName })}</p><p class="price">${gift.priceText}</p></div></article></li>`,
          ),
          '\n',
        )}</ul>
<p style="margin-top:1rem"><a class="button" href="${gifts_}">${t('shopWindow.seeAll')}</a></p>
</div></section>`
      : '';

  const business = html`<section class="band dark" aria-labelledby="business-title"><div class="wrap">
<p class="eyebrow" style="color:#fcd34d">${t('business.eyebrow')}</p>
<h2 id="business-title" style="font-size:2rem">${t('business.title')}</h2>
<p>${t('business.subtitle')}</p>
<ul class="grid" style="margin-top:1.5rem">${(['customers', 'payment', 'simple'] as const)
    .map((key) => html`<li class="panel"><h3>${t(`business.benefits.${key}.title`)}</h3><p>${t(`business.benefits.${key}.description`)}</p></li>`)
}</ul>
<p class="row"><a class="button" href="/business/interest">${t('business.cta')}</a> <span>${t('business.note')}</span></p>
</div></section>`;

  const closing = html`<section class="band cta-band" aria-labelledby="footer-cta-title"><div class="wrap center">
<h2 id="footer-cta-title" style="font-size:2rem">${t('footerCta.title')}</h2>
<p class="muted">${t('footerCta.subtitle')}</p>
<p><a class="button primary" href="${gifts_}">${t('footerCta.button')}</a></p>
</div></section>`;

  return renderPublicDocument({
    language,
    site,
    title: t('meta.title'),
    bareTitle: true,
    description: t('hero.subtitle'),
    path: '/',
    body: joinHtml([hero, stats, how, window_, business, closing], '\n'),
    css: LANDING_CSS,
    languageMenu: 'menu',
    cookieBanner,
    structured: { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Regalo', url: `${site.origin}/` },
  });
}
