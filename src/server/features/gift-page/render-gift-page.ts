import { HREFLANG, HTML_LANG, LOCALE_NAMES } from '@shared/locale';
import { formatAddress, formatDate } from '@shared/format';
import { escapeHtml, escapeHtmlLines } from '@shared/escape-html';
import { cardImageSrc } from '../../platform/storage/image-keys';
import type { GiftPageView } from './get-gift-page';
import { formatTypedCode } from '@shared/domain/typed-code';
import {
  formatPhone,
  giftConditionLines,
  hasBookingContact,
  telHref,
  whatsappHref,
  type BusinessBooking,
  type GiftConditions,
} from '@shared/domain/gift-conditions';
import { lastExtensionRequestAt } from '../../domain/orders/extension-window';
import { giftLanguages, giftText, type GiftLanguage, type GiftText } from '../../platform/gift-text';
import { PAGE_ICON_LINKS } from '../../platform/page-icons';

/*
 * The recipient's pages are plain server-rendered HTML with their CSS inline and no script
 * at all (ADR 032): they open from a chat or email link on a mid-range phone, so the first
 * response is the whole page, and they read the same with JavaScript off. Every value that
 * comes from the database goes through escapeHtml.
 */

const e = escapeHtml;

const BASE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1c1917;background:#fffbf5}
a{color:#9a3412;text-underline-offset:3px}
a:focus-visible,input:focus-visible,button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
h1,h2{font-family:'Iowan Old Style','Palatino Linotype',Palatino,ui-serif,Georgia,serif;line-height:1.15;margin:0}
h1{font-size:1.9rem}
h2{font-size:1.25rem;margin-bottom:.5rem}
p{margin:0 0 .5rem}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem;z-index:1}
.skip:focus{left:.5rem;top:.5rem}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.bar{display:flex;align-items:center;justify-content:space-between;gap:1rem;max-width:34rem;margin:0 auto;padding:.75rem 1rem}
.brand{font-family:'Iowan Old Style',Palatino,Georgia,serif;font-weight:700;font-size:1.35rem;color:#9a3412;text-decoration:none}
.langs{display:flex;gap:.25rem;margin:0;padding:0;list-style:none}
.langs a{display:inline-block;padding:.5rem .6rem;min-height:44px;border-radius:.5rem;font-weight:600;font-size:.95rem}
.langs a[aria-current]{background:#ffedd5;color:#7c2d12;text-decoration:none}
main{max-width:34rem;margin:0 auto;padding:0 1rem 2rem}
.eyebrow{font-size:.8rem;font-weight:700;letter-spacing:.14em;text-transform:uppercase;color:#9a3412;margin-top:.5rem}
.from{color:#57534e;font-size:1.05rem;margin-top:.35rem}
.card{background:#fff;border:1px solid #e7dccb;border-radius:1.25rem;padding:1.25rem;margin-top:1rem}
.status{display:inline-block;font-weight:700;border-radius:999px;padding:.3rem .9rem;margin-bottom:.75rem}
.status-ready{background:#ecfccb;color:#365314}
.status-redeemed{background:#dbeafe;color:#1e3a8a}
.status-expired,.status-cancelled,.status-withdrawn{background:#f3e6d1;color:#431407}
.qr{margin:.75rem auto;max-width:17rem}
.qr svg{display:block;width:100%;height:auto}
.code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:1.6rem;font-weight:700;letter-spacing:.18em;text-align:center;margin:.25rem 0}
.label{font-size:.85rem;font-weight:700;color:#57534e;text-align:center;margin:0}
.hint,.muted{color:#57534e;font-size:.9rem}
.hint{text-align:center}
.valid{font-weight:700;text-align:center;margin-top:.75rem}
.gift-img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:.9rem;background:#fbf3e6;margin-bottom:.75rem}
blockquote{margin:0;font-size:1.1rem;font-style:italic}
.sign{margin-top:.5rem;font-weight:600}
.conditions{margin:.5rem 0 0;padding-left:1.25rem}
.conditions li{margin-bottom:.2rem}
.book{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0;padding:0;list-style:none}
.book a{display:inline-flex;align-items:center;min-height:44px;padding:.4rem .9rem;border:2px solid #9a3412;border-radius:.8rem;font-weight:700;text-decoration:none}
.actions{display:flex;flex-direction:column;gap:.5rem;margin:0;padding:0;list-style:none}
.button{display:flex;align-items:center;justify-content:center;min-height:48px;padding:.6rem 1rem;border-radius:.8rem;border:2px solid #9a3412;font-weight:700;text-decoration:none;text-align:center}
.primary{background:#9a3412;color:#fff}
.owner{border:2px solid #9a3412}
footer{max-width:34rem;margin:0 auto;padding:1rem 1rem 2rem;color:#57534e;font-size:.9rem;border-top:1px solid #e7dccb}
footer a{display:inline-block;margin-right:1rem;padding:.25rem 0}
`;

interface Layout {
  language: GiftLanguage;
  title: string;
  body: string;
  /** The path the language links point at (its own query string is replaced). */
  path: string;
  extraCss?: string;
  skipTo?: boolean;
  /** A same-origin script file (the CSP allows no inline script); only the print card has one. */
  script?: string;
}

/**
 * The print card's one script, served as a file from /g/print-card.js: it shows the Print
 * button, prints on a click, and hides the hint that names the browser's menu. A phone has
 * no Ctrl+P, and `window.print()` needs a script; without JavaScript the button stays
 * hidden and the hint shows (a hint, not <noscript>: a blocked script still shows it).
 */
export const PRINT_CARD_SCRIPT_PATH = '/g/print-card.js';
export const PRINT_CARD_SCRIPT = `for (const button of document.querySelectorAll('[data-print]')) {
  button.hidden = false;
  button.addEventListener('click', () => window.print());
}
for (const hint of document.querySelectorAll('[data-print-hint]')) hint.hidden = true;
`;

function languageSwitch(t: GiftText, language: GiftLanguage, path: string): string {
  const links = giftLanguages
    .map((code) => {
      const current = code === language ? ' aria-current="true"' : '';
      return `<li><a href="${e(path)}?lang=${code}" hreflang="${HREFLANG[code]}" lang="${HTML_LANG[code]}"${current}>${e(LOCALE_NAMES[code])}</a></li>`;
    })
    .join('');
  return `<nav aria-label="${e(t('language.label'))}"><ul class="langs">${links}</ul></nav>`;
}

export function renderDocument({ language, title, body, path, extraCss = '', skipTo = true, script }: Layout): string {
  const t = giftText(language);
  return `<!doctype html>
<html lang="${HTML_LANG[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
${PAGE_ICON_LINKS}
<meta name="robots" content="noindex,nofollow">
<meta name="referrer" content="same-origin">
<meta name="color-scheme" content="light">
<title>${e(title)}</title>
<style>${BASE_CSS}${extraCss}</style>
${script ? `<script src="${e(script)}" defer></script>\n` : ''}</head>
<body>
${skipTo ? `<a class="skip" href="#main">${e(t('skip'))}</a>` : ''}
<header class="bar"><a class="brand" href="/">${e(t('brand'))}</a>${languageSwitch(t, language, path)}</header>
${body}
<footer><p><a href="/">${e(t('footer.home'))}</a><a href="/privacy">${e(t('footer.privacy'))}</a>${['terms', 'legal', 'cookies', 'accessibility'].map((page) => `<a href="/${page}?lang=${language}">${e(t(`footer.${page}`))}</a>`).join('')}</p></footer>
</body>
</html>
`;
}

/** OpenStreetMap's search; the page's same-origin referrer policy (and the link's noreferrer) keeps the gift's URL from it. */
export function mapUrl(address: string, city: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(formatAddress(address, city))}`;
}

/** The gift's conditions as a list ("Booking required", "Valid Monday to Thursday"…); empty without any. */
function conditionsList(conditions: GiftConditions, language: GiftLanguage, t: GiftText): string {
  const lines = giftConditionLines(conditions, language, t);
  if (lines.length === 0) return '';
  return `<p class="label" style="text-align:left;margin-top:.5rem">${e(t('conditions.title'))}</p>
<ul class="conditions" data-testid="gift-conditions">${lines.map((line) => `<li>${e(line)}</li>`).join('')}</ul>`;
}

/**
 * How to book and when the business is open: the phone as a `tel:` link, WhatsApp's public
 * click-to-chat link and the business's https booking page (checked when saved).
 */
function bookingBlock(booking: BusinessBooking, t: GiftText): string {
  const links: string[] = [];
  if (booking.phone) links.push(`<li><a href="${e(telHref(booking.phone))}" data-testid="booking-phone">${e(t('booking.call', { phone: formatPhone(booking.phone) }))}</a></li>`);
  if (booking.whatsapp) links.push(`<li><a href="${e(whatsappHref(booking.whatsapp))}" target="_blank" rel="noopener noreferrer">${e(t('booking.whatsapp'))}</a></li>`);
  if (booking.bookingUrl) links.push(`<li><a href="${e(booking.bookingUrl)}" target="_blank" rel="noopener noreferrer">${e(t('booking.web'))}</a></li>`);
  const contact = hasBookingContact(booking)
    ? `<h3 class="label" style="text-align:left;margin-top:.75rem">${e(t('booking.title'))}</h3><ul class="book" data-testid="booking-links">${links.join('')}</ul>`
    : '';
  const hours = booking.openingHours
    ? `<h3 class="label" style="text-align:left;margin-top:.75rem">${e(t('booking.hours'))}</h3><p data-testid="opening-hours">${escapeHtmlLines(booking.openingHours)}</p>`
    : '';
  return contact + hours;
}

/**
 * Fair expiry (ADR 064): an expired, unused gift offers one request for more time, as a plain
 * form (no script); after it, the page says what was asked and the business's answer.
 */
function extensionBlock(view: GiftPageView, language: GiftLanguage, t: GiftText, path: string): string {
  const business = view.businessName;
  const { requestedAt, decision, canRequest } = view.extension;
  if (decision === 'extended') return view.status === 'paid' ? `<p data-testid="extension-outcome">${e(t('extension.extended', { business }))}</p>` : '';
  if (decision === 'declined') return `<p data-testid="extension-outcome">${e(t('extension.declined', { business }))}</p>`;
  if (requestedAt) return `<p data-testid="extension-outcome">${e(t('extension.requested', { business, date: formatDate(requestedAt, language) }))}</p>`;
  if (!canRequest) return '';
  const lastDay = formatDate(lastExtensionRequestAt(view.expiresAt), language);
  return `<h3 class="label" style="text-align:left;margin-top:.75rem">${e(t('extension.title'))}</h3>
<p>${e(t('extension.intro', { business, date: lastDay }))}</p>
<form method="post" action="${e(path)}/extension?lang=${language}" data-testid="extension-form">
<button class="button primary" type="submit" style="width:100%;font:inherit;font-weight:700;cursor:pointer">${e(t('extension.submit', { business }))}</button>
</form>`;
}

export interface GiftPageRender {
  view: GiftPageView;
  language: GiftLanguage;
  /** The QR as an inline SVG (made by the route from the page's absolute URL); shown while paid. */
  qrSvg: string;
  /** The signed-in owner of the gift's business is looking: offer the dashboard's redeem confirmation. */
  forOwner?: boolean;
}

/**
 * The counter's way in from the phone's camera app: the dashboard's redeem tab, which looks the
 * code up and asks to confirm exactly as after an in-app scan (one redemption path, ADR 055).
 * The code travels in the fragment, which no request, log or Referer carries.
 */
function counterRedeemUrl(code: string): string {
  return `/business/dashboard?tab=redeem#code=${encodeURIComponent(code)}`;
}

function ownerBlock(view: GiftPageView, t: GiftText): string {
  return `<section class="card owner" aria-labelledby="owner-title" data-testid="owner-redeem">
<h2 id="owner-title">${e(t('owner.title', { business: view.businessName }))}</h2>
<p>${e(t('owner.hint'))}</p>
<p><a class="button primary" href="${e(counterRedeemUrl(view.code))}">${e(t('owner.redeem'))}</a></p>
</section>`;
}

export function renderGiftPage({ view, language, qrSvg, forOwner = false }: GiftPageRender): string {
  const t = giftText(language);
  const path = `/g/${encodeURIComponent(view.code)}`;
  const expiry = formatDate(view.expiresAt, language);
  const isReady = view.status === 'paid';
  const statusKey = isReady ? 'ready' : view.status;
  const badge = `<p class="status status-${statusKey}" data-testid="gift-status" data-status="${statusKey}"><span class="sr">${e(t('status.label'))}: </span>${e(t(`status.${statusKey}`))}</p>`;

  const statusCard = isReady
    ? `<section class="card" aria-labelledby="redeem-title">
<h2 id="redeem-title" class="sr">${e(t('status.label'))}</h2>
${badge}
<p>${e(t('status.readyHint', { business: view.businessName }))}</p>
<figure class="qr" data-testid="gift-qr">${qrSvg}</figure>
<p class="label">${e(t('qr.codeLabel'))}</p>
<p class="code" data-testid="typed-code">${e(view.typedCode ? formatTypedCode(view.typedCode) : '')}</p>
<p class="hint">${e(t('qr.codeHint'))}</p>
<p class="valid">${e(t('page.validUntil', { date: expiry }))}</p>
${extensionBlock(view, language, t, path)}
</section>`
    : `<section class="card" aria-labelledby="redeem-title">
<h2 id="redeem-title" class="sr">${e(t('status.label'))}</h2>
${badge}
<p>${e(
        view.status === 'redeemed'
          ? t('status.redeemedHint', { date: formatDate(view.redeemedAt ?? view.expiresAt, language) })
          : view.status === 'expired'
            ? t('status.expiredHint', { date: expiry })
            : view.status === 'withdrawn'
              ? t('status.withdrawnHint')
              : t('status.cancelledHint'),
      )}</p>
${extensionBlock(view, language, t, path)}
</section>`;

  // A withdrawn or cancelled gift is no longer the recipient's: the page says so and offers
  // nothing to do (no booking, map, message or "this page is your gift").
  const isGone = view.status === 'cancelled' || view.status === 'withdrawn';
  if (isGone) return renderGonePage(view, language, t, statusCard);

  const image = cardImageSrc(view.giftImageUrl);
  const giftCard = `<section class="card" aria-labelledby="gift-title">
${image ? `<img class="gift-img" src="${e(image)}" alt="" width="480" height="360" decoding="async">` : ''}
<p class="label" style="text-align:left">${e(t('page.giftTitle'))}</p>
<h2 id="gift-title">${e(view.giftName)}</h2>
${view.giftDescription ? `<p>${e(view.giftDescription)}</p>` : ''}
${conditionsList(view.conditions, language, t)}
</section>`;

  const messageCard = view.personalMessage
    ? `<section class="card" aria-labelledby="message-title">
<h2 id="message-title">${e(t('page.message'))}</h2>
<blockquote><p>${escapeHtmlLines(view.personalMessage)}</p></blockquote>
${view.senderName ? `<p class="sign">— ${e(view.senderName)}</p>` : ''}
</section>`
    : '';

  const businessCard = `<section class="card" aria-labelledby="business-title">
<h2 id="business-title">${e(t('business.title'))}</h2>
<p><strong>${e(view.businessName)}</strong><br>${e(formatAddress(view.businessAddress, view.businessCity))}</p>
<p><a href="${e(mapUrl(view.businessAddress, view.businessCity))}" target="_blank" rel="noopener noreferrer">${e(t('business.map'))}</a> <span class="muted">${e(t('business.mapNote'))}</span></p>
${bookingBlock(view.booking, t)}
</section>`;

  const actions = isReady
    ? `<section class="card" aria-labelledby="actions-title">
<h2 id="actions-title">${e(t('actions.title'))}</h2>
<ul class="actions">
<li><a class="button" href="${e(path)}/print?lang=${language}">${e(t('actions.print'))}</a></li>
<li><a class="button" href="${e(path)}/calendar.ics?lang=${language}" download="regalo-gift.ics">${e(t('actions.calendar'))}</a></li>
</ul>
</section>`
    : '';

  const body = `<main id="main">
<p class="eyebrow">${e(t('page.eyebrow'))}</p>
<h1>${e(t('page.greeting', { name: view.recipientName }))}</h1>
<p class="from">${e(view.senderName ? t('page.from', { sender: view.senderName }) : t('page.fromSomeone'))}</p>
${forOwner ? ownerBlock(view, t) : ''}
${statusCard}
${giftCard}
${messageCard}
${businessCard}
${actions}
<p class="muted" style="margin-top:1rem">${e(t('page.noAccount'))}</p>
</main>`;

  return renderDocument({ language, title: t('meta.title', { gift: view.giftName }), body, path });
}

function renderGonePage(view: GiftPageView, language: GiftLanguage, t: GiftText, statusCard: string): string {
  const body = `<main id="main">
<p class="eyebrow">${e(t('page.eyebrowCancelled'))}</p>
<h1>${e(t('page.greetingCancelled', { name: view.recipientName }))}</h1>
<p class="from">${e(view.senderName ? t('page.from', { sender: view.senderName }) : t('page.fromSomeone'))}</p>
${statusCard}
<section class="card" aria-labelledby="gift-title">
<h2 id="gift-title">${e(view.giftName)}</h2>
<p data-testid="gift-gone">${e(t('page.cancelledNothing', { business: view.businessName }))}</p>
</section>
</main>`;
  return renderDocument({ language, title: t('meta.title', { gift: view.giftName }), body, path: `/g/${encodeURIComponent(view.code)}` });
}

const PRINT_CSS = `
@page{size:105mm 148mm;margin:6mm}
.print-card{max-width:26rem;margin:1rem auto;background:#fff;border:2px solid #9a3412;border-radius:1rem;padding:1rem;text-align:center}
.print-card .qr{max-width:12rem;margin:.5rem auto}
.print-card h1{font-size:1.5rem}
.print-card h2{font-size:1.1rem;margin:.5rem 0 .25rem}
.print-card blockquote{font-size:1rem;margin:.5rem 0}
.print-card .code{font-size:1.25rem}
.screen-only{text-align:center}
.screen-only .button{margin:.75rem auto;max-width:26rem;width:100%;font:inherit;font-weight:700;color:#fff;background:#9a3412;cursor:pointer}
.button[hidden]{display:none}
@media print{
 body{background:#fff}
 .bar,footer,.screen-only,.skip{display:none}
 main{padding:0}
 .print-card{border:1px solid #000;margin:0 auto;max-width:none;break-inside:avoid;padding:3mm;border-radius:3mm}
 /* A6 leaves 93 × 136 mm inside the margins: everything smaller than on screen. */
 html{font-size:9pt}
 .print-card .qr{max-width:38mm;margin:1mm auto}
 .print-card h1{font-size:14pt}
 .print-card h2{font-size:11pt;margin:1mm 0}
 .print-card p,.print-card blockquote{margin:0 0 1mm}
 .print-card .code{font-size:11pt}
}
`;

/** The card's short version: the conditions on one line, then how to book (a phone reads on paper). */
function printConditions(view: GiftPageView, language: GiftLanguage, t: GiftText): string {
  const lines = giftConditionLines(view.conditions, language, t);
  const { phone, whatsapp, bookingUrl, openingHours } = view.booking;
  const contact = [
    phone ? `<a href="${e(telHref(phone))}">${e(formatPhone(phone))}</a>` : '',
    whatsapp && whatsapp !== phone ? `${e(t('booking.whatsapp'))} ${e(formatPhone(whatsapp))}` : '',
    bookingUrl ? e(new URL(bookingUrl).host) : '',
  ].filter(Boolean);
  return [
    lines.length > 0 ? `<p data-testid="gift-conditions">${lines.map(e).join(' · ')}</p>` : '',
    contact.length > 0 ? `<p data-testid="booking-links"><strong>${e(t('booking.title'))}:</strong> ${contact.join(' · ')}</p>` : '',
    openingHours ? `<p class="muted">${e(t('booking.hours'))}: ${escapeHtmlLines(openingHours)}</p>` : '',
  ].join('');
}

/** One card with what the counter needs (QR, code, gift, business) and the message. */
export function renderPrintPage({ view, language, qrSvg }: GiftPageRender): string {
  const t = giftText(language);
  const path = `/g/${encodeURIComponent(view.code)}`;
  const expiry = formatDate(view.expiresAt, language);
  const body = `<main id="main">
<article class="print-card" aria-labelledby="print-title">
<p class="eyebrow">${e(t('brand'))}</p>
<h1 id="print-title">${e(t('print.heading', { name: view.recipientName }))}</h1>
<h2>${e(view.giftName)}</h2>
<p>${e(view.businessName)} · ${e(formatAddress(view.businessAddress, view.businessCity))}</p>
${printConditions(view, language, t)}
<figure class="qr" data-testid="gift-qr">${qrSvg}</figure>
<p class="label">${e(t('qr.codeLabel'))}</p>
<p class="code">${e(view.typedCode ? formatTypedCode(view.typedCode) : '')}</p>
${view.personalMessage ? `<blockquote><p>${escapeHtmlLines(view.personalMessage)}</p></blockquote>${view.senderName ? `<p class="sign">— ${e(view.senderName)}</p>` : ''}` : ''}
<p class="muted">${e(t('print.instructions', { business: view.businessName, date: expiry }))}</p>
</article>
<p class="screen-only"><button type="button" class="button" data-print hidden>${e(t('print.printButton'))}</button></p>
<p class="screen-only muted" data-print-hint>${e(t('print.printHint'))}</p>
<p class="screen-only"><a href="${e(path)}?lang=${language}">${e(t('print.back'))}</a></p>
</main>`;
  return renderDocument({
    language,
    title: t('meta.printTitle', { gift: view.giftName }),
    body,
    path: `${path}/print`,
    extraCss: PRINT_CSS,
    script: PRINT_CARD_SCRIPT_PATH,
  });
}

export function renderNotFoundPage(language: GiftLanguage, path: string): string {
  const t = giftText(language);
  const body = `<main id="main">
<h1 style="margin-top:1rem">${e(t('notFound.title'))}</h1>
<section class="card"><p>${e(t('notFound.body'))}</p>
<p><a class="button primary" href="/g?lang=${language}">${e(t('notFound.action'))}</a></p></section>
</main>`;
  return renderDocument({ language, title: t('meta.notFoundTitle'), body, path });
}

/** 503: the database (or another dependency) is away for a moment; the gift is not lost. */
export function renderUnavailablePage(language: GiftLanguage, path: string): string {
  const t = giftText(language);
  const body = `<main id="main">
<h1 style="margin-top:1rem">${e(t('unavailable.title'))}</h1>
<section class="card"><p>${e(t('unavailable.body'))}</p></section>
</main>`;
  return renderDocument({ language, title: t('meta.unavailableTitle'), body, path });
}

export function renderRateLimitedPage(language: GiftLanguage, path: string): string {
  const t = giftText(language);
  const body = `<main id="main">
<h1 style="margin-top:1rem">${e(t('rateLimited.title'))}</h1>
<section class="card"><p>${e(t('rateLimited.body'))}</p></section>
</main>`;
  return renderDocument({ language, title: t('meta.rateLimitedTitle'), body, path });
}

const OPEN_CSS = `
label{display:block;font-weight:700;margin-bottom:.35rem}
input[type=text]{width:100%;min-height:48px;font:inherit;padding:.6rem .75rem;border:2px solid #57534e;border-radius:.7rem;background:#fff;color:#1c1917}
input[aria-invalid=true]{border-color:#b91c1c}
.error{color:#b91c1c;font-weight:600}
button.button{width:100%;font:inherit;font-weight:700;cursor:pointer;margin-top:.75rem}
ol{padding-left:1.25rem;margin:0}
ol li{margin-bottom:.35rem}
`;

/**
 * The second way in: the 8-character code the message gives in words, with the email or
 * phone the gift was sent to (both must match one gift, routes.ts). A plain POST form: the
 * contact never goes into an address or a log line.
 */
function typedCodeForm(language: GiftLanguage, t: GiftText, typed?: { typed: string; contact: string; noMatch?: boolean }): string {
  const invalid = typed?.noMatch ? ' aria-invalid="true"' : '';
  return `<section class="card" aria-labelledby="typed-title" data-testid="open-typed">
<h2 id="typed-title">${e(t('open.typedTitle'))}</h2>
<p>${e(t('open.typedIntro'))}</p>
<form method="post" action="/g/open?lang=${language}" novalidate>
${typed?.noMatch ? `<p class="error" id="typed-error" role="alert">${e(t('open.typedNoMatch'))}</p>` : ''}
<label for="typed">${e(t('open.typedLabel'))}</label>
<input type="text" id="typed" name="typed" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="20" required${invalid}${typed?.noMatch ? ' aria-describedby="typed-error"' : ''} value="${e(typed?.typed ?? '')}">
<label for="contact" style="margin-top:.75rem">${e(t('open.contactLabel'))}</label>
<input type="text" id="contact" name="contact" autocomplete="off" spellcheck="false" maxlength="254" required${invalid}${typed?.noMatch ? ' aria-describedby="typed-error"' : ''} value="${e(typed?.contact ?? '')}">
<button class="button primary" type="submit">${e(t('open.typedSubmit'))}</button>
</form>
</section>`;
}

/** "Open your gift": paste a link or code, or type the short code with your email or phone; recipients need no account; businesses redeem elsewhere. */
export function renderOpenPage(
  language: GiftLanguage,
  options: { origin: string; value?: string; invalid?: boolean; typed?: { typed: string; contact: string; noMatch?: boolean } },
): string {
  const t = giftText(language);
  const describedBy = options.invalid ? 'code-error code-hint' : 'code-hint';
  const body = `<main id="main">
<h1 style="margin-top:1rem">${e(t('open.title'))}</h1>
<p class="from">${e(t('open.intro'))}</p>
<section class="card" aria-labelledby="open-form-title">
<h2 id="open-form-title" class="sr">${e(t('open.title'))}</h2>
<form method="get" action="/g" novalidate>
<input type="hidden" name="lang" value="${language}">
<label for="code">${e(t('open.label'))}</label>
<input type="text" id="code" name="code" inputmode="url" autocomplete="off" autocapitalize="off" spellcheck="false" required aria-describedby="${describedBy}"${options.invalid ? ' aria-invalid="true"' : ''} value="${e(options.value ?? '')}">
${options.invalid ? `<p class="error" id="code-error">${e(t('open.invalid'))}</p>` : ''}
<p class="hint" id="code-hint" style="text-align:left;margin-top:.35rem">${e(t('open.hint', { origin: options.origin }))}</p>
<button class="button primary" type="submit">${e(t('open.submit'))}</button>
</form>
</section>
${typedCodeForm(language, t, options.typed)}
<section class="card" aria-labelledby="how-title">
<h2 id="how-title">${e(t('open.howTitle'))}</h2>
<ol><li>${e(t('open.step1'))}</li><li>${e(t('open.step2'))}</li><li>${e(t('open.step3'))}</li></ol>
</section>
<section class="card" aria-labelledby="business-title">
<h2 id="business-title">${e(t('open.businessTitle'))}</h2>
<p>${e(t('open.business'))}</p>
<p><a href="/business/dashboard">${e(t('open.businessLink'))}</a></p>
</section>
</main>`;
  return renderDocument({ language, title: t('meta.openTitle'), body, path: '/g', extraCss: OPEN_CSS });
}
