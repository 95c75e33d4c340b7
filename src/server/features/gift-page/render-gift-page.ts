import { HREFLANG, HTML_LANG, LOCALE_NAMES } from '@shared/locale';
import { formatAddress, formatDate, formatFullDate, formatPrice } from '@shared/format';
import { instantToMadridLocal } from '@shared/domain/delivery-time';
import { MAX_PARTY_SIZE } from '@shared/domain/gift-conditions';
import { slotKey } from '../../domain/bookings/claim-slot';
import type { BookingPanel } from './get-booking-panel';
import type { FreeTime } from '../../domain/bookings/list-free-times';
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
import { html, trustedHtml, type HtmlValue, type TrustedHtml } from '../../platform/html';

/*
 * The recipient's pages are plain server-rendered HTML with their CSS inline and no script
 * at all (ADR 032): they open from a chat or email link on a mid-range phone, so the first
 * response is the whole page, and they read the same with JavaScript off. Every value is
 * escaped by the `html` template (platform/html.ts): names, messages and a business's words
 * are written by people, and a page that shows one of them must never run it.
 */

const BASE_CSS = trustedHtml(`
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
.balance{font-size:2rem;font-weight:800;text-align:center;margin:.75rem 0 0}
.uses{width:100%;border-collapse:collapse;font-size:.95rem}.uses th,.uses td{text-align:left;padding:.3rem .25rem;border-bottom:1px solid #e7e5e4}.uses .undone{color:#57534e}
.gift-img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:.9rem;background:#fbf3e6;margin-bottom:.75rem}
.business-img{display:block;width:96px;height:72px;object-fit:cover;border-radius:.6rem;background:#fbf3e6;float:right;margin:0 0 .5rem .75rem}
blockquote{margin:0;font-size:1.1rem;font-style:italic}
.sign{margin-top:.5rem;font-weight:600}
.conditions{margin:.5rem 0 0;padding-left:1.25rem}
.conditions li{margin-bottom:.2rem}
.book{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0;padding:0;list-style:none}
.book a{display:inline-flex;align-items:center;min-height:44px;padding:.4rem .9rem;border:2px solid #9a3412;border-radius:.8rem;font-weight:700;text-decoration:none}
.actions{display:flex;flex-direction:column;gap:.5rem;margin:0;padding:0;list-style:none}
.times{display:grid;grid-template-columns:repeat(auto-fill,minmax(7.5rem,1fr));gap:.5rem;margin:.5rem 0;padding:0;border:0}
.times label{display:flex;flex-direction:column;align-items:flex-start;min-height:48px;padding:.4rem .7rem;border:2px solid #d6d3d1;border-radius:.8rem;cursor:pointer}
.times label:has(input:checked){border-color:#9a3412;background:#fff7ed}
.field{display:block;margin:.5rem 0}
.field input,.field select,.field textarea{display:block;width:100%;min-height:44px;margin-top:.2rem;padding:.4rem .6rem;font:inherit;border:2px solid #a8a29e;border-radius:.6rem;background:#fff}
.notice{padding:.5rem .75rem;border-radius:.6rem;background:#fef3c7;border:1px solid #f59e0b}
.button{display:flex;align-items:center;justify-content:center;min-height:48px;padding:.6rem 1rem;border-radius:.8rem;border:2px solid #9a3412;font-weight:700;text-decoration:none;text-align:center}
.primary{background:#9a3412;color:#fff}
.owner{border:2px solid #9a3412}
footer{max-width:34rem;margin:0 auto;padding:1rem 1rem 2rem;color:#57534e;font-size:.9rem;border-top:1px solid #e7dccb}
footer a{display:inline-block;margin-right:1rem;padding:.25rem 0}
`);

const ICON_LINKS = trustedHtml(PAGE_ICON_LINKS);

interface Layout {
  language: GiftLanguage;
  title: string;
  body: TrustedHtml;
  /** The path the language links point at (its own query string is replaced). */
  path: string;
  extraCss?: TrustedHtml;
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

/** Text people wrote over several lines (a message, opening hours), escaped, each line break a `<br>`. */
function textLines(value: string): TrustedHtml[] {
  return value
    .trim()
    .split(/\r\n|\r|\n/)
    .map((line, i) => (i === 0 ? html`${line}` : html`<br>\n${line}`));
}

/** The parts with `separator` (escaped text) between them. */
function joinedBy(parts: readonly HtmlValue[], separator: string): TrustedHtml[] {
  return parts.map((part, i) => (i === 0 ? html`${part}` : html`${separator}${part}`));
}

function languageSwitch(t: GiftText, language: GiftLanguage, path: string): TrustedHtml {
  const links = giftLanguages.map((code) => {
    const current = code === language && trustedHtml(' aria-current="true"');
    return html`<li><a href="${path}?lang=${code}" hreflang="${HREFLANG[code]}" lang="${HTML_LANG[code]}"${current}>${LOCALE_NAMES[code]}</a></li>`;
  });
  return html`<nav aria-label="${t('language.label')}"><ul class="langs">${links}</ul></nav>`;
}

export function renderDocument({ language, title, body, path, extraCss, skipTo = true, script }: Layout): string {
  const t = giftText(language);
  const footerPages = ['terms', 'legal', 'cookies', 'accessibility'].map(
    (page) => html`<a href="/${page}?lang=${language}">${t(`footer.${page}`)}</a>`,
  );
  return html`<!doctype html>
<html lang="${HTML_LANG[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
${ICON_LINKS}
<meta name="robots" content="noindex,nofollow">
<meta name="referrer" content="same-origin">
<meta name="color-scheme" content="light">
<title>${title}</title>
<style>${BASE_CSS}${extraCss}</style>
${script && html`<script src="${script}" defer></script>\n`}</head>
<body>
${skipTo && html`<a class="skip" href="#main">${t('skip')}</a>`}
<header class="bar"><a class="brand" href="/">${t('brand')}</a>${languageSwitch(t, language, path)}</header>
${body}
<footer><p><a href="/">${t('footer.home')}</a><a href="/privacy">${t('footer.privacy')}</a>${footerPages}</p></footer>
</body>
</html>
`.value;
}

/** OpenStreetMap's search; the page's same-origin referrer policy (and the link's noreferrer) keeps the gift's URL from it. */
export function mapUrl(address: string, city: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(formatAddress(address, city))}`;
}

/** The gift's conditions as a list ("Booking required", "Valid Monday to Thursday"…); empty without any. */
function conditionsList(conditions: GiftConditions, language: GiftLanguage, t: GiftText): TrustedHtml | false {
  const lines = giftConditionLines(conditions, language, t);
  if (lines.length === 0) return false;
  return html`<p class="label" style="text-align:left;margin-top:.5rem">${t('conditions.title')}</p>
<ul class="conditions" data-testid="gift-conditions">${lines.map((line) => html`<li>${line}</li>`)}</ul>`;
}

/**
 * How to book and when the business is open: the phone as a `tel:` link, WhatsApp's public
 * click-to-chat link and the business's https booking page (checked when saved).
 */
function bookingBlock(booking: BusinessBooking, t: GiftText): TrustedHtml {
  const links = [
    booking.phone && html`<li><a href="${telHref(booking.phone)}" data-testid="booking-phone">${t('booking.call', { phone: formatPhone(booking.phone) })}</a></li>`,
    booking.whatsapp && html`<li><a href="${whatsappHref(booking.whatsapp)}" target="_blank" rel="noopener noreferrer">${t('booking.whatsapp')}</a></li>`,
    booking.bookingUrl && html`<li><a href="${booking.bookingUrl}" target="_blank" rel="noopener noreferrer">${t('booking.web')}</a></li>`,
  ];
  const contact =
    hasBookingContact(booking) &&
    html`<h3 class="label" style="text-align:left;margin-top:.75rem">${t('booking.title')}</h3><ul class="book" data-testid="booking-links">${links}</ul>`;
  const hours =
    booking.openingHours &&
    html`<h3 class="label" style="text-align:left;margin-top:.75rem">${t('booking.hours')}</h3><p data-testid="opening-hours">${textLines(booking.openingHours)}</p>`;
  return html`${contact}${hours}`;
}

/**
 * Fair expiry (ADR 064): an expired, unused gift offers one request for more time, as a plain
 * form (no script); after it, the page says what was asked and the business's answer.
 */
function extensionBlock(view: GiftPageView, language: GiftLanguage, t: GiftText, path: string): TrustedHtml | false {
  const business = view.businessName;
  const { requestedAt, decision, canRequest } = view.extension;
  if (decision === 'extended') return view.status === 'paid' && html`<p data-testid="extension-outcome">${t('extension.extended', { business })}</p>`;
  if (decision === 'declined') return html`<p data-testid="extension-outcome">${t('extension.declined', { business })}</p>`;
  if (requestedAt) return html`<p data-testid="extension-outcome">${t('extension.requested', { business, date: formatDate(requestedAt, language) })}</p>`;
  if (!canRequest) return false;
  const lastDay = formatDate(lastExtensionRequestAt(view.expiresAt), language);
  return html`<h3 class="label" style="text-align:left;margin-top:.75rem">${t('extension.title')}</h3>
<p>${t('extension.intro', { business, date: lastDay })}</p>
<form method="post" action="${path}/extension?lang=${language}" data-testid="extension-form">
<button class="button primary" type="submit" style="width:100%;font:inherit;font-weight:700;cursor:pointer">${t('extension.submit', { business })}</button>
</form>`;
}

export interface GiftPageRender {
  view: GiftPageView;
  language: GiftLanguage;
  /** The QR as an inline SVG (made by the route from the page's absolute URL); shown while paid. */
  qrSvg: string;
  /** The signed-in owner of the gift's business is looking: offer the dashboard's redeem confirmation. */
  forOwner?: boolean;
  /** Which wallets have their settings (ADR 107): only those get a button; demo passes say so. */
  wallet?: { apple: boolean; google: boolean; demo: boolean };
  /** A paid gift that needs booking: its booking, or the times to book (ADR 105). */
  bookingPanel?: BookingPanel | null;
  /** A stuck gift's way out (ADR 109), rendered by render-way-out.ts; shown after the booking card. */
  wayOutCard?: TrustedHtml | null;
  /** A change that just went through outside the booking card: the gift was just exchanged into this one. */
  notice?: 'exchanged' | null;
}

const madridTime = (instant: Date) => instantToMadridLocal(instant).time;

function timeChoices(times: readonly FreeTime[], language: GiftLanguage, t: GiftText, withDay: boolean): TrustedHtml {
  return html`<fieldset class="times"><legend class="label" style="text-align:left">${t('bookingForm.time')}</legend>${times.map(
    (time, index) => html`<label><span><input type="radio" name="slot" value="${slotKey(time)}" required${index === 0 ? trustedHtml(' checked') : ''}> <strong>${madridTime(time.startsAt)}</strong></span>${withDay && html`<span class="muted">${formatFullDate(time.startsAt, language)}</span>`}<span class="muted">${t('bookingForm.left', { count: String(time.left) })}</span></label>`,
  )}</fieldset>`;
}

/** The booking card (ADR 105): plain forms, so it works with JavaScript off. */
function bookingCard(view: GiftPageView, panel: BookingPanel, language: GiftLanguage, t: GiftText, path: string): TrustedHtml {
  const business = view.businessName;
  const notice = (key: string, values: Record<string, string> = {}) => html`<p class="notice" role="status" data-testid="booking-notice">${t(key, values)}</p>`;
  const notices: Record<string, TrustedHtml> = {
    booked: notice('bookingForm.booked'),
    moved: notice('bookingForm.moved'),
    cancelled: notice('bookingForm.cancelled'),
    slot_full: notice('bookingForm.gone'),
    time_not_offered: notice('bookingForm.notOffered'),
    invalid: notice('bookingForm.invalid'),
    booking_change_closed: view.booking.phone ? notice('bookingForm.tooLate', { business, phone: formatPhone(view.booking.phone) }) : notice('bookingForm.tooLateNoPhone', { business }),
  };
  const shown = panel.notice ? notices[panel.notice] : false;
  const live = panel.live;
  const lang = html`<input type="hidden" name="lang" value="${language}">`;
  const dayPicker = html`<form method="get" action="${path}" class="field" data-testid="booking-day">
${lang}${panel.moving ? html`<input type="hidden" name="move" value="1">` : ''}
<label class="field">${t('bookingForm.day')}<input type="date" name="date" value="${panel.date}" min="${panel.minDate}" max="${panel.maxDate}" required></label>
<button class="button" type="submit" style="width:100%;font:inherit;font-weight:700;cursor:pointer">${t('bookingForm.show')}</button>
</form>`;
  const dayTimes = html`<h3 class="label" style="text-align:left;margin-top:.75rem">${t('bookingForm.timesOn', { date: formatFullDate(`${panel.date}T12:00:00Z`, language) })}</h3>
${panel.times.length === 0 && html`<p data-testid="booking-no-times">${t('bookingForm.noTimesOn')}</p>`}`;
  const nextTimes =
    panel.next.length > 0 &&
    (panel.notice === 'slot_full' || panel.next[0]!.date !== panel.date) &&
    html`<h3 class="label" style="text-align:left;margin-top:.75rem">${t('bookingForm.next')}</h3>`;

  if (live) {
    const start = formatFullDate(live.startsAt, language);
    const summary = html`<p data-testid="booking-live"><strong>${t('bookingForm.when', { date: start, time: madridTime(live.startsAt) })}</strong><br>${t('bookingForm.people', { count: String(live.partySize) })} · ${t('bookingForm.under', { name: live.name })}</p>`;
    const change = live.canChange
      ? html`<p>${t('bookingForm.changeUntil', { date: formatFullDate(live.changeUntil, language), time: madridTime(live.changeUntil) })}</p>`
      : html`<p data-testid="booking-too-late">${view.booking.phone ? t('bookingForm.tooLate', { business, phone: formatPhone(view.booking.phone) }) : t('bookingForm.tooLateNoPhone', { business })}</p>
${view.booking.phone && html`<p><a class="button" href="${telHref(view.booking.phone)}">${t('booking.call', { phone: formatPhone(view.booking.phone) })}</a></p>`}`;
    const moveForm =
      panel.moving &&
      live.canChange &&
      html`<h3 class="label" style="text-align:left;margin-top:.75rem">${t('bookingForm.moveTitle')}</h3>
${dayPicker}
${dayTimes}
${panel.times.length > 0 && html`<form method="post" action="${path}/booking/move?lang=${language}" data-testid="booking-move-form">${timeChoices(panel.times, language, t, false)}<button class="button primary" type="submit" style="width:100%;font:inherit;font-weight:700;cursor:pointer">${t('bookingForm.moveSubmit')}</button></form>`}
<p><a href="${path}?lang=${language}">${t('bookingForm.keep')}</a></p>`;
    const actions =
      live.canChange &&
      !panel.moving &&
      html`<ul class="actions">
<li><a class="button" href="${path}?lang=${language}&amp;move=1" data-testid="booking-move">${t('bookingForm.move')}</a></li>
<li><form method="post" action="${path}/booking/cancel?lang=${language}"><button class="button" type="submit" style="width:100%;font:inherit;font-weight:700;cursor:pointer;background:#fff" data-testid="booking-cancel">${t('bookingForm.cancel')}</button></form></li>
</ul>`;
    return html`<section class="card" aria-labelledby="booking-title" data-testid="booking-card">
<h2 id="booking-title">${t('bookingForm.yourBooking')}</h2>
${shown}
${summary}
${change}
<p><a class="button" href="${path}/calendar.ics?lang=${language}" download="regalo-booking.ics">${t('bookingForm.calendar')}</a></p>
${actions}
${moveForm}
</section>`;
  }

  const cancelledByBusiness =
    panel.businessCancelled &&
    html`<p class="notice" data-testid="booking-business-cancelled">${t('bookingForm.businessCancelled', { business, date: formatFullDate(panel.businessCancelled.startsAt, language), reason: panel.businessCancelled.reason ?? '' })}</p>`;
  if (panel.next.length === 0 && panel.times.length === 0) {
    return html`<section class="card" aria-labelledby="booking-title" data-testid="booking-card">
<h2 id="booking-title">${t('bookingForm.title')}</h2>
${shown}
${cancelledByBusiness}
<p data-testid="booking-none">${t('bookingForm.none', { business })}</p>
${dayPicker}
</section>`;
  }
  const party =
    panel.partySize === null
      ? html`<label class="field">${t('bookingForm.party')}<select name="partySize">${Array.from({ length: MAX_PARTY_SIZE }, (_, i) => html`<option value="${String(i + 1)}"${i === 1 ? trustedHtml(' selected') : ''}>${String(i + 1)}</option>`)}</select></label>`
      : html`<p>${t('bookingForm.partyFixed', { count: String(panel.partySize) })}</p>`;
  // Off by default: the giver hears that it is booked, the date only if the recipient says so.
  const giver = panel.giverToTell;
  const shareDate =
    giver &&
    html`<label class="field" style="display:flex;gap:.5rem;align-items:flex-start"><input type="checkbox" name="shareDateWithGiver" value="1" data-testid="booking-share-date"><span>${giver.name ? t('bookingForm.shareDate', { giver: giver.name }) : t('bookingForm.shareDateNoName')}<br><small>${t('bookingForm.shareDateHint')}</small></span></label>`;
  const bookForm = (times: readonly FreeTime[], withDay: boolean, testId: string) =>
    html`<form method="post" action="${path}/booking?lang=${language}" data-testid="${testId}">
${timeChoices(times, language, t, withDay)}
${party}
<label class="field">${t('bookingForm.name')}<input type="text" name="name" value="${view.recipientName}" maxlength="120" autocomplete="name" required></label>
<label class="field">${t('bookingForm.notes')}<textarea name="notes" rows="2" maxlength="300"></textarea></label>
${shareDate}
<button class="button primary" type="submit" style="width:100%;font:inherit;font-weight:700;cursor:pointer">${t('bookingForm.submit')}</button>
</form>`;
  return html`<section class="card" aria-labelledby="booking-title" data-testid="booking-card">
<h2 id="booking-title">${t('bookingForm.title')}</h2>
${shown}
${cancelledByBusiness}
<p>${t('bookingForm.intro', { business })}</p>
${nextTimes}
${nextTimes && bookForm(panel.next, true, 'booking-next-form')}
${dayPicker}
${dayTimes}
${panel.times.length > 0 && bookForm(panel.times, false, 'booking-form')}
</section>`;
}

/**
 * The QR's SVG as markup. Safe: renderQrSvg draws it with the qrcode library from the gift
 * page's own URL (a random code, not a person's words), and escapes the catalogue's label.
 */
/**
 * A gift card's balance in large type, what it started with, and every use with the balance
 * after it (an undone use stays, marked): the holder's statement, readable without script.
 */
function cardBlock(view: GiftPageView, language: GiftLanguage, t: GiftText): TrustedHtml | false {
  const card = view.card;
  if (!card) return false;
  const rows = card.uses.map(
    (use) => html`<tr${use.undone ? html` class="undone"` : ''}><td>${formatDate(use.at, language)}</td><td>${use.undone ? html`<s>${formatPrice(use.amountCents)}</s> ${t('card.undone')}` : formatPrice(use.amountCents)}</td><td>${formatPrice(use.balanceAfterCents)}</td></tr>`,
  );
  return html`<p class="balance" data-testid="card-balance">${t('card.balance', { amount: formatPrice(card.balanceCents) })}</p>
<p class="hint">${t('card.startedWith', { amount: formatPrice(card.amountCents), business: view.businessName })}</p>
<h3 class="label" style="text-align:left;margin-top:.75rem">${t('card.usesTitle')}</h3>
${
    card.uses.length === 0
      ? html`<p data-testid="card-uses">${t('card.noUses')}</p>`
      : html`<table class="uses" data-testid="card-uses"><thead><tr><th scope="col">${t('card.date')}</th><th scope="col">${t('card.amount')}</th><th scope="col">${t('card.balanceAfter')}</th></tr></thead><tbody>${rows}</tbody></table>`
  }`;
}

function qrFigure(qrSvg: string): TrustedHtml {
  return html`<figure class="qr" data-testid="gift-qr">${trustedHtml(qrSvg)}</figure>`;
}

/**
 * The counter's way in from the phone's camera app: the dashboard's redeem tab, which looks the
 * code up and asks to confirm exactly as after an in-app scan (one redemption path, ADR 055).
 * The code travels in the fragment, which no request, log or Referer carries.
 */
function counterRedeemUrl(code: string): string {
  return `/business/dashboard?tab=redeem#code=${encodeURIComponent(code)}`;
}

function ownerBlock(view: GiftPageView, t: GiftText): TrustedHtml {
  return html`<section class="card owner" aria-labelledby="owner-title" data-testid="owner-redeem">
<h2 id="owner-title">${t('owner.title', { business: view.businessName })}</h2>
<p>${t('owner.hint')}</p>
<p><a class="button primary" href="${counterRedeemUrl(view.code)}">${t('owner.redeem')}</a></p>
</section>`;
}

export function renderGiftPage({ view, language, qrSvg, forOwner = false, wallet, bookingPanel = null, wayOutCard = null, notice = null }: GiftPageRender): string {
  const t = giftText(language);
  const path = `/g/${encodeURIComponent(view.code)}`;
  const expiry = formatDate(view.expiresAt, language);
  const isReady = view.status === 'paid';
  const statusKey = isReady ? 'ready' : view.status;
  const badge = html`<p class="status status-${statusKey}" data-testid="gift-status" data-status="${statusKey}"><span class="sr">${t('status.label')}: </span>${t(`status.${statusKey}`)}</p>`;

  const statusCard = isReady
    ? html`<section class="card" aria-labelledby="redeem-title">
<h2 id="redeem-title" class="sr">${t('status.label')}</h2>
${badge}
<p>${t('status.readyHint', { business: view.businessName })}</p>
${qrFigure(qrSvg)}
<p class="label">${t('qr.codeLabel')}</p>
<p class="code" data-testid="typed-code">${view.typedCode ? formatTypedCode(view.typedCode) : ''}</p>
<p class="hint">${t('qr.codeHint')}</p>
<p class="valid">${t('page.validUntil', { date: expiry })}</p>
${cardBlock(view, language, t)}
${extensionBlock(view, language, t, path)}
</section>`
    : html`<section class="card" aria-labelledby="redeem-title">
<h2 id="redeem-title" class="sr">${t('status.label')}</h2>
${badge}
${cardBlock(view, language, t)}
<p>${
        view.status === 'redeemed'
          ? t('status.redeemedHint', { date: formatDate(view.redeemedAt ?? view.expiresAt, language) })
          : view.status === 'expired'
            ? t('status.expiredHint', { date: expiry })
            : view.status === 'withdrawn'
              ? t('status.withdrawnHint')
              : t('status.cancelledHint')
      }</p>
${extensionBlock(view, language, t, path)}
</section>`;

  // A withdrawn or cancelled gift is no longer the recipient's: the page says so and offers
  // nothing to do (no booking, map, message or "this page is your gift").
  const isGone = view.status === 'cancelled' || view.status === 'withdrawn';
  if (isGone) return renderGonePage(view, language, t, statusCard);

  const image = cardImageSrc(view.giftImageUrl);
  const giftCard = html`<section class="card" aria-labelledby="gift-title">
${image && html`<img class="gift-img" src="${image}" alt="" width="480" height="360" decoding="async">`}
<p class="label" style="text-align:left">${t('page.giftTitle')}</p>
<h2 id="gift-title">${view.giftName}</h2>
${view.giftDescription && html`<p>${view.giftDescription}</p>`}
${conditionsList(view.conditions, language, t)}
</section>`;

  const messageCard =
    view.personalMessage &&
    html`<section class="card" aria-labelledby="message-title">
<h2 id="message-title">${t('page.message')}</h2>
<blockquote><p>${textLines(view.personalMessage)}</p></blockquote>
${view.senderName && html`<p class="sign">— ${view.senderName}</p>`}
</section>`;

  const businessImage = cardImageSrc(view.businessImageUrl);
  const businessCard = html`<section class="card" aria-labelledby="business-title">
${businessImage && html`<img class="business-img" src="${businessImage}" alt="" width="96" height="72" loading="lazy" decoding="async">`}
<h2 id="business-title">${t('business.title')}</h2>
<p><strong>${view.businessName}</strong><br>${formatAddress(view.businessAddress, view.businessCity)}</p>
<p><a href="${mapUrl(view.businessAddress, view.businessCity)}" target="_blank" rel="noopener noreferrer">${t('business.map')}</a> <span class="muted">${t('business.mapNote')}</span></p>
${bookingBlock(view.booking, t)}
</section>`;

  const actions =
    isReady &&
    html`<section class="card" aria-labelledby="actions-title">
<h2 id="actions-title">${t('actions.title')}</h2>
<ul class="actions">
<li><a class="button" href="${path}/print?lang=${language}">${t('actions.print')}</a></li>
<li><a class="button" href="${path}/print/folded?lang=${language}">${t('actions.printFolded')}</a></li>
<li><a class="button" href="${path}/calendar.ics?lang=${language}" download="regalo-gift.ics">${t('actions.calendar')}</a></li>
</ul>
${walletBlock(path, language, t, wallet)}
</section>`;

  const body = html`<main id="main">
<p class="eyebrow">${t('page.eyebrow')}</p>
<h1>${view.recipientName ? t('page.greeting', { name: view.recipientName }) : t('page.greetingUnnamed')}</h1>
<p class="from">${view.senderName ? t('page.from', { sender: view.senderName }) : t('page.fromSomeone')}</p>
${forOwner && ownerBlock(view, t)}
${notice === 'exchanged' && html`<p class="notice" role="status" data-testid="way-out-exchanged">${t('wayOut.exchanged')}</p>`}
${statusCard}
${isReady && bookingPanel && bookingCard(view, bookingPanel, language, t, path)}
${isReady && wayOutCard}
${giftCard}
${messageCard}
${businessCard}
${actions}
<p class="muted" style="margin-top:1rem">${t('page.noAccount')}</p>
</main>`;

  return renderDocument({ language, title: t('meta.title', { gift: view.giftName }), body, path });
}

/** "Add to Apple Wallet" / "Add to Google Wallet", for the wallets that have their settings. */
function walletBlock(path: string, language: GiftLanguage, t: GiftText, wallet: GiftPageRender['wallet']): TrustedHtml | false {
  if (!wallet || (!wallet.apple && !wallet.google)) return false;
  const demo = wallet.demo && html` <span class="muted">${t('wallet.demoButton')}</span>`;
  return html`<h3 id="wallet-title">${t('wallet.title')}</h3>
<ul class="actions" aria-labelledby="wallet-title" data-testid="wallet-buttons">
${wallet.apple && html`<li><a class="button wallet" href="${path}/wallet/apple.pkpass?lang=${language}" download="regalo-gift.pkpass" type="application/vnd.apple.pkpass">${t('wallet.apple')}</a>${demo}</li>`}
${wallet.google && html`<li><a class="button wallet" href="${path}/wallet/google?lang=${language}">${t('wallet.google')}</a>${demo}</li>`}
</ul>`;
}

/** On a gift closed by its way out (ADR 109): what became of it, with the new gift's page. */
function wayOutDoneLine(view: GiftPageView, language: GiftLanguage, t: GiftText): TrustedHtml | false {
  const done = view.wayOutDone;
  if (!done) return false;
  if (done.kind === 'refunded') return html`<p data-testid="way-out-done">${t('wayOut.refunded')}</p>`;
  return html`<p data-testid="way-out-done">${t('wayOut.exchangedOld', { business: view.businessName })} <a href="/g/${encodeURIComponent(done.newCode)}?lang=${language}">${t('wayOut.seeNew')}</a></p>`;
}

function renderGonePage(view: GiftPageView, language: GiftLanguage, t: GiftText, statusCard: TrustedHtml): string {
  const body = html`<main id="main">
<p class="eyebrow">${t('page.eyebrowCancelled')}</p>
<h1>${view.recipientName ? t('page.greetingCancelled', { name: view.recipientName }) : t('page.greetingCancelledUnnamed')}</h1>
<p class="from">${view.senderName ? t('page.from', { sender: view.senderName }) : t('page.fromSomeone')}</p>
${statusCard}
<section class="card" aria-labelledby="gift-title">
<h2 id="gift-title">${view.giftName}</h2>
<p data-testid="gift-gone">${t('page.cancelledNothing', { business: view.businessName })}</p>
${wayOutDoneLine(view, language, t)}
</section>
</main>`;
  return renderDocument({ language, title: t('meta.title', { gift: view.giftName }), body, path: `/g/${encodeURIComponent(view.code)}` });
}

const PRINT_CSS = trustedHtml(`
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
`);

/** The card's short version: the conditions on one line, then how to book (a phone reads on paper). */
function printConditions(view: GiftPageView, language: GiftLanguage, t: GiftText): TrustedHtml {
  const lines = giftConditionLines(view.conditions, language, t);
  const { phone, whatsapp, bookingUrl, openingHours } = view.booking;
  const contact = [
    phone && html`<a href="${telHref(phone)}">${formatPhone(phone)}</a>`,
    whatsapp && whatsapp !== phone && html`${t('booking.whatsapp')} ${formatPhone(whatsapp)}`,
    bookingUrl && html`${new URL(bookingUrl).host}`,
  ].filter((part): part is TrustedHtml => Boolean(part));
  return html`${lines.length > 0 && html`<p data-testid="gift-conditions">${joinedBy(lines, ' · ')}</p>`}${
    contact.length > 0 && html`<p data-testid="booking-links"><strong>${t('booking.title')}:</strong> ${joinedBy(contact, ' · ')}</p>`
  }${openingHours && html`<p class="muted">${t('booking.hours')}: ${textLines(openingHours)}</p>`}`;
}

/** "A gift for Maria Josep", the name as typed; "A gift for you" when the giver named nobody (ADR 103). */
function printHeading(view: GiftPageView, t: GiftText): string {
  return view.recipientName ? t('print.heading', { name: view.recipientName }) : t('print.headingUnnamed');
}

/** A gift card's amount on its printed card (ADR 108): what it is worth when given. */
function printCardAmount(view: GiftPageView, t: GiftText): TrustedHtml | '' {
  return view.card ? html`<p class="card-amount" data-testid="print-card-amount"><strong>${t('card.startedWith', { amount: formatPrice(view.card.amountCents), business: view.businessName })}</strong></p>` : '';
}

/** One card with what the counter needs (QR, code, gift, business) and the message. */
export function renderPrintPage({ view, language, qrSvg }: GiftPageRender): string {
  const t = giftText(language);
  const path = `/g/${encodeURIComponent(view.code)}`;
  const expiry = formatDate(view.expiresAt, language);
  const message =
    view.personalMessage &&
    html`<blockquote><p>${textLines(view.personalMessage)}</p></blockquote>${view.senderName && html`<p class="sign">— ${view.senderName}</p>`}`;
  const body = html`<main id="main">
<article class="print-card" aria-labelledby="print-title">
<p class="eyebrow">${t('brand')}</p>
<h1 id="print-title">${printHeading(view, t)}</h1>
<h2>${view.giftName}</h2>
${printCardAmount(view, t)}
<p>${view.businessName} · ${formatAddress(view.businessAddress, view.businessCity)}</p>
${printConditions(view, language, t)}
${qrFigure(qrSvg)}
<p class="label">${t('qr.codeLabel')}</p>
<p class="code">${view.typedCode ? formatTypedCode(view.typedCode) : ''}</p>
${message}
<p class="muted">${t('print.instructions', { business: view.businessName, date: expiry })}</p>
</article>
<p class="screen-only"><button type="button" class="button" data-print hidden>${t('print.printButton')}</button></p>
<p class="screen-only muted" data-print-hint>${t('print.printHint')}</p>
<p class="screen-only"><a href="${path}/print/folded?lang=${language}">${t('print.foldedLink')}</a></p>
<p class="screen-only"><a href="${path}?lang=${language}">${t('print.back')}</a></p>
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

/*
 * The folded card (ADR 103): one A4 sheet, printed on one side, folded in half across and in
 * half again into an A6 card that opens like a book. Of its four quarters, the lower right is
 * the front and the lower left the back; the upper half is the inside, printed turned round
 * (180°) so it reads the right way once folded. Every size inside is in `em` of the sheet's
 * one font size (4.8 mm printed, scaled to the screen's width on a phone), so the on-screen
 * preview is the printed sheet in small.
 */
const FOLDED_CSS = trustedHtml(`
@page{size:A4 portrait;margin:0}
.sheet{position:relative;display:grid;grid-template-columns:1fr 1fr;grid-template-rows:1fr 1fr;width:100%;max-width:30rem;aspect-ratio:210/297;margin:1rem auto;background:#fff;border:1px solid #a8a29e;box-shadow:0 1px 6px rgba(0,0,0,.12);font-size:11px}
@media (max-width:32rem){.sheet{font-size:2.15vw}}
.sheet::before,.sheet::after{content:'';position:absolute;border:0 dashed #a8a29e}
.sheet::before{left:0;right:0;top:50%;border-top-width:1px}
.sheet::after{top:0;bottom:0;left:50%;border-left-width:1px}
.panel{min-width:0;min-height:0;overflow:hidden;padding:2.2em 1.75em;display:flex;flex-direction:column;justify-content:center;gap:.5em;text-align:center;line-height:1.35}
.panel p,.panel blockquote{margin:0}
.panel h1{font-size:2em}
.panel h2{font-size:1.4em;margin:0}
.panel blockquote{font-size:1.25em}
.panel .eyebrow{font-size:.87em;margin:0}
.panel .qr{width:62%;max-width:none;margin:0 auto}
.panel .code{font-size:1.55em;margin:0}
.panel .label,.panel .muted{font-size:.87em}
.front{grid-area:2/2;border:.35em solid #9a3412;border-radius:.9em;margin:1.1em}
.back{grid-area:2/1}
.inside{grid-area:1/1/2/3;display:grid;grid-template-columns:1fr 1fr;transform:rotate(180deg)}
.screen-only{text-align:center}
.screen-only .button{margin:.75rem auto;max-width:26rem;width:100%;font:inherit;font-weight:700;color:#fff;background:#9a3412;cursor:pointer}
.button[hidden]{display:none}
@media print{
 body{background:#fff}
 .bar,footer,.screen-only,.skip{display:none}
 main{padding:0;margin:0;max-width:none}
 .sheet{width:210mm;height:297mm;max-width:none;aspect-ratio:auto;margin:0;border:0;box-shadow:none;break-inside:avoid;font-size:4.8mm}
 .sheet::before,.sheet::after{border-color:#d6d3d1}
}
`);

export function renderFoldedPrintPage({ view, language, qrSvg }: GiftPageRender): string {
  const t = giftText(language);
  const path = `/g/${encodeURIComponent(view.code)}`;
  const expiry = formatDate(view.expiresAt, language);
  const message = view.personalMessage
    ? html`<blockquote><p>${textLines(view.personalMessage)}</p></blockquote>${view.senderName && html`<p class="sign">${t('folded.from', { sender: view.senderName })}</p>`}`
    : html`${view.giftDescription && html`<p>${view.giftDescription}</p>`}${view.senderName && html`<p class="sign">${t('page.from', { sender: view.senderName })}</p>`}`;
  const body = html`<main id="main">
<p class="screen-only muted">${t('folded.howTo')} ${t('folded.upsideDown')}</p>
<div class="sheet" data-testid="folded-sheet">
<article class="panel front" aria-labelledby="print-title">
<p class="eyebrow">${t('brand')}</p>
<h1 id="print-title">${printHeading(view, t)}</h1>
<p><strong>${view.giftName}</strong></p>
${printCardAmount(view, t)}
<p>${view.businessName}</p>
</article>
<section class="panel back" aria-labelledby="back-title">
<h2 id="back-title" class="sr">${t('folded.backTitle')}</h2>
<p><strong>${view.businessName}</strong><br>${formatAddress(view.businessAddress, view.businessCity)}</p>
${printConditions(view, language, t)}
<p class="eyebrow">${t('brand')}</p>
</section>
<section class="inside" aria-labelledby="inside-title">
<h2 id="inside-title" class="sr">${t('folded.insideTitle')}</h2>
<div class="panel">
<h2>${view.giftName}</h2>
${message}
</div>
<div class="panel">
${qrFigure(qrSvg)}
<p class="label">${t('qr.codeLabel')}</p>
<p class="code">${view.typedCode ? formatTypedCode(view.typedCode) : ''}</p>
<p>${t('print.instructions', { business: view.businessName, date: expiry })}</p>
</div>
</section>
</div>
<p class="screen-only"><button type="button" class="button" data-print hidden>${t('print.printButton')}</button></p>
<p class="screen-only muted" data-print-hint>${t('print.printHint')}</p>
<p class="screen-only"><a href="${path}/print?lang=${language}">${t('print.a6Link')}</a></p>
<p class="screen-only"><a href="${path}?lang=${language}">${t('print.back')}</a></p>
</main>`;
  return renderDocument({
    language,
    title: t('meta.foldedTitle', { gift: view.giftName }),
    body,
    path: `${path}/print/folded`,
    extraCss: FOLDED_CSS,
    script: PRINT_CARD_SCRIPT_PATH,
  });
}

export function renderNotFoundPage(language: GiftLanguage, path: string): string {
  const t = giftText(language);
  const body = html`<main id="main">
<h1 style="margin-top:1rem">${t('notFound.title')}</h1>
<section class="card"><p>${t('notFound.body')}</p>
<p><a class="button primary" href="/g?lang=${language}">${t('notFound.action')}</a></p></section>
</main>`;
  return renderDocument({ language, title: t('meta.notFoundTitle'), body, path });
}

/** 503: the database (or another dependency) is away for a moment; the gift is not lost. */
export function renderUnavailablePage(language: GiftLanguage, path: string): string {
  const t = giftText(language);
  const body = html`<main id="main">
<h1 style="margin-top:1rem">${t('unavailable.title')}</h1>
<section class="card"><p>${t('unavailable.body')}</p></section>
</main>`;
  return renderDocument({ language, title: t('meta.unavailableTitle'), body, path });
}

export function renderRateLimitedPage(language: GiftLanguage, path: string): string {
  const t = giftText(language);
  const body = html`<main id="main">
<h1 style="margin-top:1rem">${t('rateLimited.title')}</h1>
<section class="card"><p>${t('rateLimited.body')}</p></section>
</main>`;
  return renderDocument({ language, title: t('meta.rateLimitedTitle'), body, path });
}

const OPEN_CSS = trustedHtml(`
label{display:block;font-weight:700;margin-bottom:.35rem}
input[type=text]{width:100%;min-height:48px;font:inherit;padding:.6rem .75rem;border:2px solid #57534e;border-radius:.7rem;background:#fff;color:#1c1917}
input[aria-invalid=true]{border-color:#b91c1c}
.error{color:#b91c1c;font-weight:600}
button.button{width:100%;font:inherit;font-weight:700;cursor:pointer;margin-top:.75rem}
ol{padding-left:1.25rem;margin:0}
ol li{margin-bottom:.35rem}
`);

/**
 * The second way in: the 8-character code the message gives in words, with the email or
 * phone the gift was sent to (both must match one gift, routes.ts). A plain POST form: the
 * contact never goes into an address or a log line.
 */
function typedCodeForm(language: GiftLanguage, t: GiftText, typed?: { typed: string; contact: string; noMatch?: boolean }): TrustedHtml {
  const invalid = typed?.noMatch && trustedHtml(' aria-invalid="true"');
  const describedBy = typed?.noMatch && trustedHtml(' aria-describedby="typed-error"');
  return html`<section class="card" aria-labelledby="typed-title" data-testid="open-typed">
<h2 id="typed-title">${t('open.typedTitle')}</h2>
<p>${t('open.typedIntro')}</p>
<form method="post" action="/g/open?lang=${language}" novalidate>
${typed?.noMatch && html`<p class="error" id="typed-error" role="alert">${t('open.typedNoMatch')}</p>`}
<label for="typed">${t('open.typedLabel')}</label>
<input type="text" id="typed" name="typed" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="20" required${invalid}${describedBy} value="${typed?.typed ?? ''}">
<label for="contact" style="margin-top:.75rem">${t('open.contactLabel')}</label>
<input type="text" id="contact" name="contact" autocomplete="off" spellcheck="false" maxlength="254" required${invalid}${describedBy} value="${typed?.contact ?? ''}">
<button class="button primary" type="submit">${t('open.typedSubmit')}</button>
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
  const body = html`<main id="main">
<h1 style="margin-top:1rem">${t('open.title')}</h1>
<p class="from">${t('open.intro')}</p>
<section class="card" aria-labelledby="open-form-title">
<h2 id="open-form-title" class="sr">${t('open.title')}</h2>
<form method="get" action="/g" novalidate>
<input type="hidden" name="lang" value="${language}">
<label for="code">${t('open.label')}</label>
<input type="text" id="code" name="code" inputmode="url" autocomplete="off" autocapitalize="off" spellcheck="false" required aria-describedby="${describedBy}"${options.invalid && trustedHtml(' aria-invalid="true"')} value="${options.value ?? ''}">
${options.invalid && html`<p class="error" id="code-error">${t('open.invalid')}</p>`}
<p class="hint" id="code-hint" style="text-align:left;margin-top:.35rem">${t('open.hint', { origin: options.origin })}</p>
<button class="button primary" type="submit">${t('open.submit')}</button>
</form>
</section>
${typedCodeForm(language, t, options.typed)}
<section class="card" aria-labelledby="how-title">
<h2 id="how-title">${t('open.howTitle')}</h2>
<ol><li>${t('open.step1')}</li><li>${t('open.step2')}</li><li>${t('open.step3')}</li></ol>
</section>
<section class="card" aria-labelledby="business-title">
<h2 id="business-title">${t('open.businessTitle')}</h2>
<p>${t('open.business')}</p>
<p><a href="/business/dashboard">${t('open.businessLink')}</a></p>
</section>
</main>`;
  return renderDocument({ language, title: t('meta.openTitle'), body, path: '/g', extraCss: OPEN_CSS });
}
