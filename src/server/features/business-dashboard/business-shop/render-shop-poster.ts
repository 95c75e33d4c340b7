import { HTML_LANG, type Locale } from '@shared/locale';
import type { ShopPosterSize } from '@shared/contracts/business-shop';
import type { PageLanguage } from '../../../platform/page-language';
import { shopPosterText } from './shop-poster-text';
import { PAGE_ICON_LINKS } from '../../../platform/page-icons';
import { html, trustedHtml, type TrustedHtml } from '../../../platform/html';


/** Page sizes in millimetres and the QR's printed width: ≥ 4 cm scans from arm's length. */
const SIZES: Record<ShopPosterSize, { page: string; qr: string; name: string; line: string; scan: string }> = {
  a5: { page: '148mm 210mm', qr: '70mm', name: '20pt', line: '15pt', scan: '10.5pt' },
  a4: { page: '210mm 297mm', qr: '105mm', name: '30pt', line: '21pt', scan: '14pt' },
};

export interface ShopPosterRender {
  language: PageLanguage;
  size: ShopPosterSize;
  businessName: string;
  /** The shop page's absolute address, which the QR holds. */
  shopUrl: string;
  qrSvg: string;
}

const KEY: Record<Locale, string> = { en: 'En', es: 'Es', va: 'Va' };

/**
 * The languages of the poster's lines: Spanish and English for every counter (a visitor
 * reads one of them), and Valencian first on a poster printed in Valencian (ADR 068).
 */
export function posterLanguages(language: Locale): Locale[] {
  return language === 'va' ? ['va', 'es', 'en'] : ['es', 'en'];
}

/**
 * Each text once: Valencian and Spanish often say the same ("Regala Horchatería Daniel"),
 * and the poster printed it twice; the first language keeps it.
 */
export function distinctLines(languages: Locale[], text: (language: Locale) => string): [Locale, string][] {
  const seen = new Set<string>();
  return languages.flatMap((language) => {
    const line = text(language);
    if (seen.has(line)) return [];
    seen.add(line);
    return [[language, line] as [Locale, string]];
  });
}

/**
 * The partner's counter poster (ADR 067): the business's name, one line in each language, the
 * QR to its shop page (4-module quiet zone, error correction M) and the address written out,
 * laid out for one A5 or A4 page. Its one script is the gift card's print button
 * (`/g/print-card.js`, a same-origin file as the CSP asks): without it the hint says how.
 */
export function renderShopPoster({ language, size, businessName, shopUrl, qrSvg }: ShopPosterRender): string {
  const t = shopPosterText(language);
  const lines = posterLanguages(language);
  const s = SIZES[size];
  const label = size.toUpperCase();
  const display = shopUrl.replace(/^https?:\/\//, '');
  // Safe: the QR library draws the SVG from the address it encodes (paths, no text).
  const qr = trustedHtml(qrSvg);
  // The stylesheet's values are this file's constants; <style> is raw text, never escaped.
  const style = trustedHtml(`
@page{size:${s.page};margin:10mm}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917;background:#fffbf5}
a{color:#9a3412}
a:focus-visible,button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.tools{max-width:40rem;margin:0 auto;padding:1rem;display:flex;flex-wrap:wrap;gap:1rem;align-items:center}
.tools button{min-height:48px;padding:.6rem 1.2rem;border-radius:.8rem;border:2px solid #9a3412;background:#9a3412;color:#fff;font:inherit;font-weight:700;cursor:pointer}
.tools button[hidden]{display:none}
main{display:block}
.poster{margin:0 auto 2rem;max-width:${s.page.split(' ')[0]};min-height:${s.page.split(' ')[1]};background:#fff;border:1px solid #e7dccb;padding:12mm 10mm;text-align:center;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:4mm}
.brand{font-family:'Iowan Old Style',Palatino,Georgia,serif;font-weight:700;color:#9a3412;font-size:${s.line};margin:0}
h1{font-family:'Iowan Old Style',Palatino,Georgia,serif;font-size:${s.name};line-height:1.15;margin:0}
.line{font-size:${s.line};font-weight:700;margin:0}
.line[lang]{display:block}
.qr{width:${s.qr};margin:2mm auto}
.qr svg{display:block;width:100%;height:auto}
.scan{font-size:${s.scan};margin:0;color:#44403c}
.url{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:${s.scan};margin:0;overflow-wrap:anywhere}
@media print{body{background:#fff}.tools{display:none}.poster{border:0;margin:0;max-width:none;min-height:0;height:calc(${s.page.split(' ')[1]} - 20mm);padding:0}}
`);
  // One paragraph per distinct text, in the poster's languages.
  const perLanguage = (className: string, text: (l: Locale) => string): TrustedHtml[] =>
    distinctLines(lines, text).map(([l, line], i) => html`${i > 0 ? '\n' : ''}<p class="${className}" lang="${HTML_LANG[l]}">${line}</p>`);
  return html`<!doctype html>
<html lang="${HTML_LANG[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
${trustedHtml(PAGE_ICON_LINKS)}
<meta name="robots" content="noindex">
<title>${t('poster.title')} (${label}) · ${businessName}</title>
<style>${style}</style>
<script src="/g/print-card.js" defer></script>
</head>
<body>
<div class="tools"><button type="button" data-print hidden>${t('poster.print')}</button><p data-print-hint>${t('poster.printHint', { size: label })}</p><a href="/business/dashboard?tab=profile">${t('poster.back')}</a></div>
<main>
<article class="poster" data-testid="shop-poster" data-size="${size}">
<p class="brand">Regalo</p>
<h1>${businessName}</h1>
${perLanguage('line', (l) => t(`poster.line${KEY[l]}`, { name: businessName }))}
<figure class="qr" data-testid="shop-poster-qr">${qr}</figure>
${perLanguage('scan', (l) => t(`poster.scan${KEY[l]}`))}
<p class="url">${display}</p>
</article>
</main>
</body>
</html>
`.value;
}
