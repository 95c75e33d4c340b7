import { describe, expect, it } from 'vitest';
import type { ShopBusiness } from './find-shop-business';
import type { ListedGift } from './list-catalog-gifts';
import { renderBusinessPage, renderGiftListing, renderGiftPage, renderShopError } from './render-shop-page';

/*
 * The shop window's pages are `html` templates (platform/html.ts): whatever a business writes
 * — its name, description, address, a gift's name and description — and whatever a visitor
 * puts in the address (the search) is shown as text, never run or turned into an attribute.
 */
const hostile = [`<script>alert(1)</script>`, `"><img src=x onerror=alert(1)>`, `' onmouseover='alert(1)`];
const text = (i: number) => `${hostile[i % hostile.length]} ${i}`;
const site = { origin: 'https://regalo.test' };

const business: ShopBusiness = {
  id: 'b1',
  slug: 'bodega',
  name: text(0),
  category: 'restaurant',
  district: null,
  address: text(1),
  city: text(2),
  description: text(3),
  imageUrl: null,
  updatedAt: new Date('2026-12-01T10:00:00Z'),
};

const gift = (n: number): ListedGift => ({
  id: `g${n}`,
  name: text(4 + n),
  description: text(7 + n),
  price: 2500,
  kind: 'fixed',
  minAmount: null,
  maxAmount: null,
  currency: 'EUR',
  validityDays: 90,
  imageUrl: null,
  bookingRequired: false,
  partySize: 1,
  validWeekdays: null,
  conditions: text(10 + n),
  onlineBooking: null,
  slug: `gift-${n}`,
  forTwo: n === 1,
  business: {
    id: business.id,
    name: business.name,
    category: business.category,
    booking: { phone: null, whatsapp: null, bookingUrl: null, openingHours: null },
    slug: business.slug,
    district: null,
  },
});

/** What a page shows besides its JSON-LD, where the texts are JSON, not HTML. */
const withoutJsonLd = (page: string) => page.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '');

function expectInert(page: string) {
  const markup = withoutJsonLd(page);
  expect(markup).not.toContain('<script>alert');
  expect(markup).not.toMatch(/<img src=x/);
  // No tag gained an attribute: each tag's quoted values emptied, no event handler is left.
  const tags = [...markup.matchAll(/<[a-z][^>]*>/gi)].map(([tag]) => tag.replace(/"[^"]*"/g, '""'));
  expect(tags.filter((tag) => /\son[a-z]+=/i.test(tag))).toEqual([]);
  // Shown as text: escaped, and there.
  expect(markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  // And only that: the page's own markup (a card without a picture, a picture's loading hint) is still markup.
  expect(markup).not.toMatch(/&lt;div class=|=&quot;(high|lazy)&quot;/);
}

describe('the shop window with hostile text in every field', () => {
  it('shows the listing, its search and its cards as text', () => {
    const page = renderGiftListing({
      language: 'es',
      site,
      filters: { q: text(20), sort: 'price_asc', page: 1, pageSize: 12 } as never,
      result: { items: [gift(0), gift(1)], total: 30, page: 1, pageSize: 12 } as never,
      dropped: false,
    });
    expectInert(page);
    expect(page).toContain('<div class="ph" aria-hidden="true"></div>');
    // The search as typed, back in its field: an attribute value it cannot leave.
    expect(page).toContain('value="&#39; onmouseover=&#39;alert(1) 20"');
  });

  it('shows a business page and a gift page as text', () => {
    expectInert(renderBusinessPage({ language: 'va', site, business, gifts: [gift(0), gift(1)] }));
    expectInert(renderGiftPage({ language: 'en', site, business, gift: gift(0), others: [gift(1)] }));
  });

  it('shows the name on a page for a business that is gone as text', () => {
    expectInert(renderShopError({ language: 'es', site, kind: 'gift-gone', path: '/b/bodega/x', business: { name: text(0), slug: 'bodega' } }));
  });
});

describe('a gift booked online in the shop window (ADR 105)', () => {
  // Saturday 12 December 2026, 10:00 in Madrid (09:00 UTC).
  const booked: ListedGift = { ...gift(0), bookingRequired: true, onlineBooking: { nextFreeAt: '2026-12-12T09:00:00.000Z' } };

  it('says it is booked online once received, with the next free time, on the card and the gift page, in each language', () => {
    const card = renderBusinessPage({ language: 'va', site, business, gifts: [booked] });
    expect(card).toContain('Reserva&#39;l en línia quan el rebes');
    expect(card).toContain('Pròxima hora lliure: 12 des. 2026, 10:00');
    const page = renderGiftPage({ language: 'es', site, business, gift: booked, others: [] });
    expect(page).toContain('Resérvalo en línea cuando lo recibas');
    expect(page).toContain('Próxima hora libre: 12 dic 2026, 10:00');
    expect(renderGiftPage({ language: 'en', site, business, gift: booked, others: [] })).toContain('Book online after you receive it');
    expect(page).toContain('data-testid="send-gift"');
  });

  it('says nothing of it for a gift booked by phone', () => {
    const page = renderGiftPage({ language: 'en', site, business, gift: { ...gift(0), bookingRequired: true }, others: [] });
    expect(page).not.toContain('Book online after you receive it');
    expect(page).not.toContain('data-testid="shop-next-free"');
  });

  it('offers no way to buy a gift whose business has no time soon enough, and says why', () => {
    const waiting = { ...booked, onlineBooking: null };
    const page = renderGiftPage({ language: 'en', site, business: { ...business, name: 'Bodega' }, gift: waiting, onSale: false, others: [] });
    expect(page).not.toContain('data-testid="send-gift"');
    expect(page).toContain('Not on sale right now: Bodega has no booking times in the next 30 days.');
    expect(page).toContain('https://schema.org/OutOfStock');
  });
});
