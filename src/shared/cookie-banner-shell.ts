/**
 * The cookie banner as HTML, which the server adds to the document of a visitor who has not
 * chosen yet (no `cookie-consent` cookie), so that the banner — the largest paint of a first
 * visit to most pages — paints with the document instead of after the scripts (ADR 050).
 *
 * It is a stand-in, like the areas' header (area-shells.ts): `inert` (nothing in it can be
 * focused or clicked, so no focus or click is lost when it goes), outside `#root`, and
 * removed by `web/features/consent/cookie-banner.tsx` in the same commit that renders the
 * working banner in its place. `cookie-banner-shell.test.tsx` fails when this HTML and
 * React's banner differ, so change both together.
 */
import { escapeHtml } from './escape-html';

export const COOKIE_BANNER_SHELL_ID = 'cookie-banner-shell';

/** The keys of the `cookies` catalogue the first view of the banner shows. */
export type CookieBannerTexts = Record<'title' | 'description' | 'privacyLink' | 'close' | 'acceptAll' | 'declineAll' | 'customize', string>;

// The classes web/components/ui/button-variants.ts gives the banner's buttons.
const buttonBase =
  'inline-flex shrink-0 cursor-pointer select-none items-center justify-center gap-2 whitespace-nowrap rounded-full font-semibold ' +
  'transition-colors duration-150 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sea-600 ' +
  'disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55 ' +
  '[&amp;_svg]:size-[1.1em] [&amp;_svg]:shrink-0';
const choiceButton = `${buttonBase} bg-sea-800 text-white shadow-soft hover:bg-sea-900 min-h-11 px-5 text-[0.95rem] h-auto min-h-11 w-full whitespace-normal py-2 text-center leading-tight sm:w-auto sm:min-w-36`;
const customizeButton = `${buttonBase} text-ink hover:bg-sand-200/70 min-h-9 px-3.5 text-sm col-span-2 underline underline-offset-4 sm:ml-1`;

// lucide-react's X and Cookie icons as React renders them.
const svgAttributes =
  'xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
const closeIcon = `<svg ${svgAttributes} class="lucide lucide-x size-5" aria-hidden="true"><path d="M18 6 6 18"></path><path d="m6 6 12 12"></path></svg>`;
const cookieIcon =
  `<svg ${svgAttributes} class="lucide lucide-cookie mt-0.5 hidden size-6 shrink-0 text-brand-600 sm:block" aria-hidden="true">` +
  '<path d="M11 17h.01"></path>' +
  '<path d="M11.496 2c.324-.016.558.292.529.615a4 4 0 004.235 4.368.713.713 0 01.758.757 4 4 0 004.366 4.237c.323-.03.63.204.614.527a10 10 0 01-2.915 6.566A1 1 0 114.93 4.918 10 10 0 0111.496 2"></path>' +
  '<path d="M12 12h.01"></path><path d="M16 16h.01"></path><path d="M16 3h.01"></path><path d="M21 4h.01"></path>' +
  '<path d="M21 8h.01"></path><path d="M7 14h.01"></path><path d="M9 8h.01"></path></svg>';

/** The banner as React first renders it (no choice stored, not customising). */
export function cookieBannerHtml(texts: CookieBannerTexts): string {
  const t = (key: keyof CookieBannerTexts) => escapeHtml(texts[key]);
  return (
    '<section tabindex="-1" aria-labelledby="cookie-banner-title" class="fixed inset-x-0 bottom-0 z-40 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] focus:outline-none sm:p-5">' +
    '<div class="relative mx-auto max-h-[calc(100dvh-1.5rem)] max-w-3xl overflow-y-auto overscroll-contain rounded-3xl border border-line bg-white p-4 shadow-lift sm:p-6 sm:pr-14">' +
    `<button type="button" aria-label="${t('close')}" class="absolute right-2.5 top-2.5 inline-flex size-10 cursor-pointer items-center justify-center rounded-full text-muted hover:bg-sand-200 hover:text-ink">${closeIcon}</button>` +
    `<div class="flex items-start gap-3">${cookieIcon}<div class="flex flex-col gap-1.5">` +
    `<h2 id="cookie-banner-title" class="pr-9 font-display text-lg font-semibold leading-snug sm:pr-0">${t('title')}</h2>` +
    `<p class="text-[0.8125rem] leading-relaxed text-muted sm:text-sm">${t('description')} ` +
    `<a href="/privacy" class="font-semibold text-brand-700 underline underline-offset-2">${t('privacyLink')}</a></p>` +
    '</div></div>' +
    '<div class="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center sm:gap-2.5">' +
    `<button type="button" class="${choiceButton}">${t('acceptAll')}</button>` +
    `<button type="button" class="${choiceButton}">${t('declineAll')}</button>` +
    `<button type="button" class="${customizeButton}">${t('customize')}</button>` +
    '</div></div></section>'
  );
}

/** What the document carries: the banner inside the inert stand-in that React removes. */
export function cookieBannerShell(texts: CookieBannerTexts): string {
  return `<div id="${COOKIE_BANNER_SHELL_ID}" inert>${cookieBannerHtml(texts)}</div>`;
}
