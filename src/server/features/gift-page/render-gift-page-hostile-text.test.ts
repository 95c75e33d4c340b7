// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { GiftPageView } from './get-gift-page';
import {
  PRINT_CARD_SCRIPT_PATH,
  renderGiftPage,
  renderNotFoundPage,
  renderOpenPage,
  renderFoldedPrintPage,
  renderPrintPage,
  renderRateLimitedPage,
  renderUnavailablePage,
} from './render-gift-page';

/*
 * Every field of the recipient's pages that a person writes (the giver, the business, the
 * visitor typing into the open form or the address bar) holds markup that would run or add an
 * attribute if any interpolation were not escaped. Each page must show it as text.
 */

const PAYLOADS = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "' onmouseover='x"];
const hostile = (field: string) => `${field} ${PAYLOADS.join(' ')}`;
const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="QR"><path d="M0 0h1"/></svg>';

const view: GiftPageView = {
  orderId: 'order-1',
  businessId: 'business-1',
  code: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  status: 'paid',
  recipientName: hostile('recipient'),
  recipientLocale: 'en',
  senderName: hostile('sender'),
  // Line by line: the message keeps its line breaks as <br>.
  personalMessage: PAYLOADS.map((payload, i) => `message line ${i} ${payload}`).join('\n'),
  giftName: hostile('gift'),
  giftDescription: hostile('description'),
  giftImageUrl: '/api/files/public/11111111-1111-1111-1111-111111111111/main.abcdef0123456789.webp',
  businessName: hostile('business'),
  businessAddress: hostile('address'),
  businessCity: hostile('city'),
  businessLocation: null,
  businessImageUrl: null,
  expiresAt: new Date('2027-03-01T12:00:00Z'),
  redeemedAt: null,
  typedCode: 'ABCD2345',
  conditions: { bookingRequired: true, partySize: 2, validWeekdays: [1, 2, 3], conditions: hostile('conditions') },
  booking: {
    phone: `+1 ${PAYLOADS.join(' ')}`,
    whatsapp: `+2 ${PAYLOADS.join(' ')}`,
    bookingUrl: `https://book.example/?q=${PAYLOADS.join(' ')}`,
    openingHours: PAYLOADS.map((payload, i) => `hours line ${i} ${payload}`).join('\n'),
  },
  card: null,
  extension: { requestedAt: null, decision: null, canRequest: false },
};

/** The texts each page must show, as a reader sees them. */
const fullPageTexts = [
  view.recipientName,
  view.senderName!,
  ...view.personalMessage!.split('\n'),
  view.giftName,
  view.giftDescription!,
  view.businessName,
  view.businessAddress,
  view.businessCity,
  view.conditions.conditions!,
  ...view.booking.openingHours!.split('\n'),
];

/** The document as a browser parses it, after checking the markup as the server sent it. */
function parseChecked(page: string, { printScript = false } = {}): Document {
  for (const payload of PAYLOADS) expect(page).not.toContain(payload);
  expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  const doc = new DOMParser().parseFromString(page, 'text/html');
  const scripts = [...doc.querySelectorAll('script')].map((script) => script.getAttribute('src'));
  expect(scripts).toEqual(printScript ? [PRINT_CARD_SCRIPT_PATH] : []);
  for (const img of doc.querySelectorAll('img')) expect(img.getAttribute('class')).toBe('gift-img');
  const handlers = [...doc.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].filter((attribute) => attribute.name.toLowerCase().startsWith('on')).map((attribute) => `${element.tagName} ${attribute.name}`),
  );
  expect(handlers).toEqual([]);
  return doc;
}

function expectVisible(doc: Document, texts: readonly string[]) {
  const shown = doc.body.textContent ?? '';
  for (const text of texts) expect(shown).toContain(text);
}

describe('the gift pages show hostile text as text', () => {
  for (const language of ['en', 'es', 'va'] as const) {
    it(`the ready gift page, as the recipient and as the business's owner (${language})`, () => {
      for (const forOwner of [false, true]) {
        const doc = parseChecked(renderGiftPage({ view, language, qrSvg: QR_SVG, forOwner }));
        expectVisible(doc, fullPageTexts);
        expect(doc.title).toContain(view.giftName);
        expect(doc.querySelector('[data-testid="booking-links"] li:last-child a')?.getAttribute('href')).toBe(view.booking.bookingUrl);
        expect(doc.querySelector('[data-testid="gift-qr"] svg')).not.toBeNull();
      }
    });
  }

  it('the expired page that offers to ask the business for more time, and its answers', () => {
    const expired: GiftPageView = { ...view, status: 'expired', extension: { requestedAt: null, decision: null, canRequest: true } };
    expectVisible(parseChecked(renderGiftPage({ view: expired, language: 'en', qrSvg: '' })), fullPageTexts);
    for (const decision of [null, 'declined'] as const) {
      const answered: GiftPageView = { ...expired, extension: { requestedAt: new Date('2027-03-02T10:00:00Z'), decision, canRequest: false } };
      const doc = parseChecked(renderGiftPage({ view: answered, language: 'en', qrSvg: '' }));
      expect(doc.querySelector('[data-testid="extension-outcome"]')?.textContent).toContain(view.businessName);
    }
  });

  it('the redeemed, cancelled and withdrawn pages', () => {
    const redeemed: GiftPageView = { ...view, status: 'redeemed', redeemedAt: new Date('2027-01-01T10:00:00Z') };
    expectVisible(parseChecked(renderGiftPage({ view: redeemed, language: 'es', qrSvg: '' })), fullPageTexts);
    for (const status of ['cancelled', 'withdrawn'] as const) {
      const doc = parseChecked(renderGiftPage({ view: { ...view, status }, language: 'va', qrSvg: '' }));
      expectVisible(doc, [view.recipientName, view.senderName!, view.giftName, view.businessName]);
    }
  });

  it('the print card', () => {
    const doc = parseChecked(renderPrintPage({ view, language: 'en', qrSvg: QR_SVG }), { printScript: true });
    expectVisible(doc, [...fullPageTexts.filter((text) => text !== view.giftDescription), view.booking.phone!, view.booking.whatsapp!]);
  });

  it('the folded A4 card (ADR 103)', () => {
    const doc = parseChecked(renderFoldedPrintPage({ view, language: 'va', qrSvg: QR_SVG }), { printScript: true });
    // With a message the inside shows it, not the description.
    expectVisible(doc, [...fullPageTexts.filter((text) => text !== view.giftDescription), view.booking.phone!, view.booking.whatsapp!]);
  });

  it('the open page gives back what the visitor typed as field values', () => {
    const typed = { typed: hostile('typed'), contact: hostile('contact'), noMatch: true };
    const doc = parseChecked(renderOpenPage('en', { origin: 'https://regalo.example', value: hostile('pasted'), invalid: true, typed }));
    expect(doc.querySelector<HTMLInputElement>('#code')?.getAttribute('value')).toBe(hostile('pasted'));
    expect(doc.querySelector<HTMLInputElement>('#typed')?.getAttribute('value')).toBe(typed.typed);
    expect(doc.querySelector<HTMLInputElement>('#contact')?.getAttribute('value')).toBe(typed.contact);
  });

  it('the not-found, unavailable and too-many-attempts pages, whose language links carry the requested path', () => {
    const path = `/g/${hostile('path')}`;
    for (const render of [renderNotFoundPage, renderUnavailablePage, renderRateLimitedPage]) {
      const doc = parseChecked(render('en', path));
      expect(doc.querySelector('.langs a')?.getAttribute('href')).toBe(`${path}?lang=en`);
    }
  });
});
