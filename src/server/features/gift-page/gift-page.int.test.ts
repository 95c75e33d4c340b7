import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDate } from '@shared/format';
import { localDateOf } from '@shared/domain/analytics';
import type { OrderStatus } from '@shared/domain/order-status';
import { orders, withdrawals } from '../../db/schema/orders';
import { authedInject, signIn } from '../../testing/auth-helpers';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { formatTypedCode, TYPED_CODE_ALPHABET } from '@shared/domain/typed-code';

const DAY = 24 * 60 * 60 * 1000;

/** Reads the QR the page drew (inline SVG → pixels → jsQR), as a phone camera would. */
async function decodeQr(html: string): Promise<string | null> {
  const svg = /<svg[\s\S]*?<\/svg>/.exec(html)?.[0];
  if (!svg) return null;
  const { data, info } = await sharp(Buffer.from(svg)).resize(400, 400).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe('the recipient gift page /g/<code>', () => {
  let t: TestApp;
  let clock = new Date('2026-06-10T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = new Date('2026-06-10T10:00:00Z');
  });

  async function world() {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business', email: 'owner@horchateria.test' });
    const shop = await createBusiness(db, {
      ownerId: owner.id,
      name: 'Horchatería Santa Catalina',
      address: 'Plaza de Santa Catalina 6',
      phone: '+34 963 000 999',
      email: 'hola@horchateria.test',
    });
    const gift = await createGift(db, {
      businessId: shop.id,
      name: 'Horchata y fartons para dos',
      description: 'Dos horchatas con fartons recién hechos.',
      price: 1250,
      imageUrl: '/api/files/public/gifts/0b6f1d2e-4c1a-4b8e-9f00-1234567890ab/main.abcdef123456.webp',
    });
    const buyer = await createUser(db, { email: 'lucia.giver@example.test', name: 'Lucía Pérez Giver' });
    const order = (status: OrderStatus, extra: Partial<Parameters<typeof createOrder>[1]> = {}) =>
      createOrder(db, {
        buyerId: buyer.id,
        giftId: gift.id,
        status,
        recipientName: 'Carmen Martínez',
        recipientEmail: 'carmen.private@example.test',
        recipientPhone: '+34 600 123 456',
        personalMessage: '¡Feliz santo, mamá!',
        senderName: 'Lucía',
        recipientLocale: 'es',
        now: clock,
        createdAt: new Date(clock.getTime() - 3 * DAY),
        ...extra,
      });
    return { db, shop, gift, buyer, order };
  }

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('shows a paid gift in the recipient’s language: QR of its own URL, typed code, gift, business, message, sender, expiry', async () => {
    const { order } = await world();
    const paid = await order('paid');
    const other = await order('paid', {
      recipientName: 'Otra Persona',
      recipientEmail: 'other.recipient@example.test',
      personalMessage: 'Mensaje secreto de otro pedido',
    });

    const res = await get(`/g/${paid.qrCode}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Carmen Martínez, tienes un regalo');
    expect(html).toContain('De parte de Lucía');
    expect(html).toContain('data-status="ready"');
    expect(html).toContain('Listo para disfrutar');
    // The typed code, grouped for reading aloud (ADR 055); no part of the whole code.
    expect(html).toContain(`>${formatTypedCode(paid.typedCode!)}<`);
    expect(formatTypedCode(paid.typedCode!)).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(html).not.toContain(`>${paid.qrCode.slice(-8)}<`);
    expect(html).toContain('Horchata y fartons para dos');
    expect(html).toContain('Dos horchatas con fartons recién hechos.');
    expect(html).toContain('/api/files/public/gifts/0b6f1d2e-4c1a-4b8e-9f00-1234567890ab/main-w480.abcdef123456.webp');
    expect(html).toContain('Horchatería Santa Catalina');
    expect(html).toContain('Plaza de Santa Catalina 6, Valencia');
    expect(html).toContain('https://www.openstreetmap.org/search?query=Plaza%20de%20Santa%20Catalina%206%2C%20Valencia');
    expect(html).toContain('¡Feliz santo, mamá!');
    expect(html).toContain(`Válido hasta el ${formatDate(paid.expiresAt, 'es')}`);
    expect(html).toContain(`href="/g/${paid.qrCode}/print?lang=es"`);
    expect(html).toContain(`href="/g/${paid.qrCode}/calendar.ics?lang=es"`);
    expect(html).toContain('<meta name="robots" content="noindex,nofollow">');
    expect(await decodeQr(html)).toBe(`${t.config.publicUrl}/g/${paid.qrCode}`);

    // Nothing else: no price, no recipient contact details, no giver account, no other order,
    // no business email. The recipient's name is shown as the giver typed it (surname included). The business's phone is there on purpose: to book.
    expect(html).toContain('href="tel:+34963000999"');
    for (const secret of [
      '12,50', '1250', '€', 'carmen.private@example.test', '600 123 456', 'lucia.giver@example.test',
      'Pérez', 'Giver', other.qrCode, formatTypedCode(other.typedCode!), 'Otra Persona', 'other.recipient@example.test',
      'Mensaje secreto', 'hola@horchateria.test', 'owner@horchateria.test', paid.id,
    ]) {
      expect(html, secret).not.toContain(secret);
    }
    // No script at all, and scripts stay strict under the CSP.
    expect(html).not.toMatch(/<script/i);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('answers every visitor alike (anonymous, the giver, another consumer, another business, an admin), only to GET, and changes nothing', async () => {
    const { db, order, buyer } = await world();
    const paid = await order('paid');
    const otherOwner = await createUser(db, { userType: 'business' });
    await createBusiness(db, { ownerId: otherOwner.id });
    const stranger = await createUser(db);
    const admin = await createUser(db, { role: 'admin' });
    const cookies: (string | null)[] = [null];
    for (const user of [buyer, stranger, otherOwner, admin]) cookies.push((await signIn(t, { email: user.email, password: user.password })).cookie);
    const before = await db.select().from(orders).where(eq(orders.id, paid.id));

    const bodies = new Set<string>();
    for (const cookie of cookies) {
      const res = await authedInject(t, cookie, { method: 'GET', url: `/g/${paid.qrCode}` });
      expect(res.statusCode).toBe(200);
      bodies.add(res.body);
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        expect((await authedInject(t, cookie, { method, url: `/g/${paid.qrCode}` })).statusCode).toBe(404);
      }
    }
    expect(bodies.size).toBe(1);
    expect(await db.select().from(orders).where(eq(orders.id, paid.id))).toEqual(before);
  });

  it('switches language with ?lang and marks the current one', async () => {
    const { order } = await world();
    const paid = await order('paid');
    const res = await get(`/g/${paid.qrCode}?lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('Carmen Martínez, you have a gift');
    expect(res.body).toContain('Ready to enjoy');
    expect(res.body).toContain(`Valid until ${formatDate(paid.expiresAt, 'en')}`);
    expect(res.body).toContain(`<a href="/g/${paid.qrCode}?lang=es" hreflang="es" lang="es">Español</a>`);
    expect(res.body).toContain(`<a href="/g/${paid.qrCode}?lang=en" hreflang="en" lang="en" aria-current="true">English</a>`);
    // An unknown language falls back to the recipient's.
    expect((await get(`/g/${paid.qrCode}?lang=fr`)).body).toContain('<html lang="es">');
  });

  it('follows the language the person chose: ?lang sets the cookie, and the cookie wins over the recipient\'s and the browser\'s', async () => {
    const { order } = await world();
    const paid = await order('paid'); // the giver chose Spanish for the recipient
    const picked = await get(`/g/${paid.qrCode}?lang=en`);
    expect(picked.headers['set-cookie']).toBe('regalo-language=en; Path=/; Max-Age=31536000; SameSite=Lax');
    const cookie = { cookie: 'regalo-language=en', 'accept-language': 'es-ES,es' };
    expect((await get(`/g/${paid.qrCode}`, cookie)).body).toContain('<html lang="en">');
    expect((await get(`/g/${paid.qrCode}/print`, cookie)).body).toContain('<html lang="en">');
    expect((await get(`/g/${paid.qrCode}/calendar.ics`, cookie)).body).toContain('Last day to use your gift');
    // Already chosen: no cookie written again.
    expect((await get(`/g/${paid.qrCode}?lang=en`, cookie)).headers['set-cookie']).toBeUndefined();
    // Spanish chosen in the web app: /g and its error pages in Spanish whatever the browser says.
    const spanish = { cookie: 'cookie-consent=all; regalo-language=es', 'accept-language': 'en-GB,en' };
    expect((await get('/g', spanish)).body).toContain('<html lang="es">');
    const unknown = await get(`/g/${'z'.repeat(43)}`, spanish);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('No encontramos este regalo');
    // No choice: the recipient's language, as before.
    expect((await get(`/g/${paid.qrCode}`, { 'accept-language': 'en' })).body).toContain('<html lang="es">');
  });

  it('shows a redeemed gift with its date, without the QR, print card or reminder', async () => {
    const { order } = await world();
    const redeemedAt = new Date('2026-06-08T17:30:00Z');
    const redeemed = await order('redeemed', { redeemedAt, recipientLocale: 'en' });
    const res = await get(`/g/${redeemed.qrCode}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-status="redeemed"');
    expect(res.body).toContain('This gift was redeemed on 8 Jun 2026.');
    expect(res.body).not.toContain('<svg');
    expect(res.body).not.toContain('/print');
    expect(res.body).not.toContain(formatTypedCode(redeemed.typedCode!));

    const print = await get(`/g/${redeemed.qrCode}/print?lang=es`);
    expect(print.statusCode).toBe(303);
    expect(print.headers.location).toBe(`/g/${redeemed.qrCode}?lang=es`);
    expect((await get(`/g/${redeemed.qrCode}/calendar.ics`)).statusCode).toBe(303);
  });

  it('shows a paid order past its expiry as expired before the job has run, at the Madrid end of day', async () => {
    const { order } = await world();
    // Ends at 23:59:59.999 in Madrid on 10 June 2026 (UTC+2).
    const expiresAt = new Date('2026-06-10T21:59:59.999Z');
    const paid = await order('paid', { expiresAt, recipientLocale: 'en' });
    clock = new Date('2026-06-10T21:59:59.999Z');
    expect((await get(`/g/${paid.qrCode}`)).body).toContain('data-status="ready"');
    clock = new Date('2026-06-10T22:00:00.000Z');
    const res = await get(`/g/${paid.qrCode}`);
    expect(res.body).toContain('data-status="expired"');
    expect(res.body).toContain('This gift could be used until 10 Jun 2026');
    expect(res.body).not.toContain('<svg');

    const stored = await order('expired', { recipientLocale: 'en' });
    expect((await get(`/g/${stored.qrCode}`)).body).toContain('data-status="expired"');
  });

  it('shows a cancelled gift as cancelled', async () => {
    const { order } = await world();
    const cancelled = await order('cancelled', { paidAt: new Date(clock.getTime() - 2 * DAY) });
    const res = await get(`/g/${cancelled.qrCode}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-status="cancelled"');
    expect(res.body).toContain('Este regalo se ha cancelado');
    expect(res.body).not.toContain('<svg');
  });

  it('says a withdrawn or cancelled gift was cancelled and offers nothing to do: no booking, map, message, card or reminder', async () => {
    const { order } = await world();
    const paidAt = new Date(clock.getTime() - 2 * DAY);
    for (const status of ['withdrawn', 'cancelled', 'refund_pending'] as const) {
      const gone = await order(status === 'cancelled' ? 'cancelled' : 'paid', { paidAt, recipientName: 'Maria Josep' });
      if (status !== 'cancelled') {
        // Withdrawn by its giver (refunded, or its refund still pending), as the withdrawal leaves it.
        const [withdrawal] = await t.database.db
          .insert(withdrawals)
          .values({ checkoutId: gone.checkoutId!, name: 'Lucía', email: 'lucia.giver@example.test', channel: 'link', refundAmount: gone.totalAmount, createdAt: clock })
          .returning({ id: withdrawals.id });
        await t.database.db
          .update(orders)
          .set({ status, withdrawnAt: clock, withdrawalId: withdrawal!.id, refundedAt: status === 'withdrawn' ? clock : null })
          .where(eq(orders.id, gone.id));
      }
      const res = await get(`/g/${gone.qrCode}?lang=en`);
      expect(res.statusCode, status).toBe(200);
      expect(res.body).toContain('<h1>Maria Josep, this gift was cancelled</h1>');
      expect(res.body).not.toContain('you have a gift');
      expect(res.body).toContain('data-testid="gift-gone"');
      for (const offer of ['data-testid="booking-links"', 'tel:', 'openstreetmap', '/print', 'calendar.ics', 'extension-form', 'Feliz santo', 'this page is your gift']) {
        expect(res.body, `${status}: ${offer}`).not.toContain(offer);
      }
    }
  });

  it('answers unpaid orders, unknown codes and malformed codes with the same friendly 404 in the visitor’s language', async () => {
    const { order } = await world();
    const unpaid = await order('unpaid');
    const unknown = 'A'.repeat(43);
    const pages = await Promise.all([
      get(`/g/${unpaid.qrCode}`, { 'accept-language': 'es-ES,es;q=0.9' }),
      get(`/g/${unknown}`, { 'accept-language': 'es-ES,es;q=0.9' }),
      get('/g/not%20a%20code%3Cscript%3E', { 'accept-language': 'fr-FR,es;q=0.5' }),
    ]);
    for (const res of pages) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-robots-tag']).toContain('noindex');
      expect(res.body).toContain('<html lang="es">');
      expect(res.body).toContain('No encontramos este regalo');
      expect(res.body).not.toContain('Horchata');
      expect(res.body).not.toContain('<script');
    }
    expect(pages[0]!.body).toBe(pages[1]!.body.replaceAll(unknown, unpaid.qrCode));
    const english = await get(`/g/${unknown}?lang=en`, { 'accept-language': 'es' });
    expect(english.body).toContain('We cannot find this gift');
    expect(english.body).toContain('href="/g?lang=en"');
    expect((await get(`/g/${unknown}`)).body).toContain('<html lang="en">');
    expect((await get(`/g/${unpaid.qrCode}/print`)).statusCode).toBe(404);
    expect((await get(`/g/${unpaid.qrCode}/calendar.ics`)).statusCode).toBe(404);
  });

  it('greets the recipient by the name as typed: a compound first name is not cut', async () => {
    const { order } = await world();
    const paid = await order('paid', { recipientName: ' Maria Josep ', recipientLocale: 'va' });
    expect((await get(`/g/${paid.qrCode}?lang=en`)).body).toContain('<h1>Maria Josep, you have a gift</h1>');
    expect((await get(`/g/${paid.qrCode}/print?lang=en`)).body).toContain('A gift for Maria Josep<');
  });

  it('renders a printable card with the QR, gift, business and message', async () => {
    const { order } = await world();
    const paid = await order('paid');
    const res = await get(`/g/${paid.qrCode}/print?lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('A gift for Carmen Martínez');
    // A6 as lengths: `size: A6` is not valid CSS (only A5, A4, A3, B5, B4 and the US sizes are).
    expect(res.body).toContain('@page{size:105mm 148mm;');
    expect(res.body).not.toMatch(/size:\s*A6/);
    // A Print button (phones have no Ctrl+P), from a same-origin script the CSP allows.
    expect(res.body).toContain('<button type="button" class="button" data-print hidden>Print</button>');
    expect(res.body).not.toContain('Ctrl+P');
    expect(res.body).toContain('<script src="/g/print-card.js" defer></script>');
    expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)/); // no inline script
    const script = await get('/g/print-card.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('window.print()');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('@media print');
    expect(res.body).toContain('Horchata y fartons para dos');
    expect(res.body).toContain('Horchatería Santa Catalina · Plaza de Santa Catalina 6, Valencia');
    expect(res.body).toContain('¡Feliz santo, mamá!');
    expect(res.body).toContain(`>${formatTypedCode(paid.typedCode!)}<`);
    expect(await decodeQr(res.body)).toBe(`${t.config.publicUrl}/g/${paid.qrCode}`);
    expect(res.body).not.toContain('12,50');
    // A paragraph cannot be named (ARIA: naming prohibited on role=paragraph/generic).
    for (const body of [res.body, (await get(`/g/${paid.qrCode}`)).body]) {
      expect(body).not.toMatch(/<p\b[^>]*aria-label(ledby)?=/);
    }
  });

  it('keeps the line breaks of the personal message on the page and the print card, escaped', async () => {
    const { order } = await world();
    const paid = await order('paid', { personalMessage: 'Feliz santo, mamá.\r\nTe quiero <3\n\nLucía' });
    const lines = 'Feliz santo, mamá.<br>\nTe quiero &lt;3<br>\n<br>\nLucía';
    expect((await get(`/g/${paid.qrCode}`)).body).toContain(`<blockquote><p>${lines}</p></blockquote>`);
    expect((await get(`/g/${paid.qrCode}/print`)).body).toContain(`<blockquote><p>${lines}</p></blockquote>`);
  });

  it('offers an RFC 5545 reminder: CRLF lines of at most 75 octets, escaped text, stable UID, the last valid day', async () => {
    const { db, shop, buyer } = await world();
    const gift = await createGift(db, { businessId: shop.id, name: 'Paella, vino; y postre \\ para dos', price: 6000 });
    const paid = await createOrder(db, { buyerId: buyer.id, giftId: gift.id, status: 'paid', recipientLocale: 'en', now: clock });
    const res = await get(`/g/${paid.qrCode}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="regalo-gift.ics"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.body;
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const lines = body.split('\r\n').slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const unfolded = body.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
    expect(unfolded[0]).toBe('BEGIN:VCALENDAR');
    expect(unfolded).toContain('VERSION:2.0');
    expect(unfolded).toContain(`UID:gift-${paid.id}@localhost:3000`);
    expect(unfolded).toContain(`DTSTART;VALUE=DATE:${localDateOf(paid.expiresAt).replaceAll('-', '')}`);
    expect(unfolded).toContain('SUMMARY:Last day to use your gift: Paella\\, vino\\; y postre \\\\ para dos');
    expect(unfolded).toContain('TRIGGER:-P7D');
    expect(unfolded).toContain(`URL:${t.config.publicUrl}/g/${paid.qrCode}`);
    expect(unfolded.at(-2)).toBe('END:VEVENT');
    expect(unfolded.at(-1)).toBe('END:VCALENDAR');
    expect(body).not.toContain('60,00');
    // The same order always gets the same UID, so a second import updates the event.
    clock = new Date(clock.getTime() + DAY);
    expect((await get(`/g/${paid.qrCode}/calendar.ics?lang=es`)).body).toContain(`UID:gift-${paid.id}@localhost:3000`);
  });
});

describe('GET /g, open your gift', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const code = 'x'.repeat(20) + 'Ab_-' + '9'.repeat(19);

  it('explains the gift page in both languages, with a labelled GET form and the business path', async () => {
    const es = await get('/g', { 'accept-language': 'es-ES' });
    expect(es.statusCode).toBe(200);
    expect(es.headers['cache-control']).toBe('private, no-store');
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain('Abre tu regalo');
    expect(es.body).toContain('No necesitas cuenta');
    expect(es.body).toContain('<form method="get" action="/g"');
    expect(es.body).toContain('<label for="code">');
    expect(es.body).toContain('Los comercios canjean los regalos desde su panel');
    expect(es.body).toContain('href="/business/dashboard"');
    const en = await get('/g?lang=en', { 'accept-language': 'es-ES' });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('Open your gift');
    expect(en.body).not.toContain('<script');
  });

  it('sends a pasted link or a bare code to its gift page, keeping an explicit language', async () => {
    for (const pasted of [`https://regalo.example/g/${code}`, `  ${code} `, `/g/${code}?lang=es`, `www.regalo.example/g/${code}#top`]) {
      const res = await get(`/g?code=${encodeURIComponent(pasted)}&lang=es`);
      expect(res.statusCode, pasted).toBe(303);
      expect(res.headers.location).toBe(`/g/${code}?lang=es`);
    }
    const res = await get(`/g?code=${code}`);
    expect(res.headers.location).toBe(`/g/${code}`);
    const cut = await get('/g/?lang=es');
    expect(cut.statusCode).toBe(303);
    expect(cut.headers.location).toBe('/g?lang=es');
  });

  it('explains what is wrong with something that is not a link or code, keeping what was typed', async () => {
    const res = await get(`/g?code=${encodeURIComponent('ABCD1234<b>')}&lang=en`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('That does not look like a gift link or code.');
    expect(res.body).toContain('aria-invalid="true"');
    expect(res.body).toContain('value="ABCD1234&lt;b&gt;"');
    expect(res.body).not.toContain('<b>');
  });
});

describe('misses on /g/<code> are rate-limited per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
  });
  afterAll(() => t.close());

  it('answers further misses from one address with 429 after 20; a real code still opens, other addresses go on', async () => {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, { ownerId: owner.id });
    const gift = await createGift(db, { businessId: shop.id });
    const real = await createOrder(db, { buyerId: null, giftId: gift.id, status: 'paid' });
    const from = (ip: string, url: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip });

    for (let i = 0; i < 20; i++) {
      expect((await from('203.0.113.7', `/g/${'B'.repeat(30)}${i}`)).statusCode).toBe(404);
    }
    const refused = await from('203.0.113.7', `/g/${'C'.repeat(31)}`);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(refused.body).toContain('Too many attempts');
    expect((await from('203.0.113.7', `/g/${real.qrCode}`)).statusCode).toBe(200);
    expect((await from('198.51.100.2', `/g/${'D'.repeat(31)}`)).statusCode).toBe(404);
  });
});

describe('POST /g/open, open your gift with the typed code and your email or phone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
  });
  afterAll(() => t.close());

  const open = (fields: Record<string, string>, ip = '192.0.2.10', lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/g/open?lang=${lang}`,
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(t.config.publicUrl).origin },
      payload: new URLSearchParams(fields).toString(),
    });

  async function gift(extra: Partial<Parameters<typeof createOrder>[1]> = {}) {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, { ownerId: owner.id });
    const item = await createGift(db, { businessId: shop.id });
    return createOrder(db, { buyerId: null, giftId: item.id, status: 'paid', recipientName: 'Maria Josep', recipientEmail: 'Maria.Josep@Example.test', recipientPhone: '+34 612 345 678', ...extra });
  }

  it('the GET page offers the typed-code form beside the link form', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/g?lang=va' });
    expect(page.body).toContain('data-testid="open-typed"');
    expect(page.body).toContain('<form method="post" action="/g/open?lang=va"');
    expect(page.body).toMatch(/<label for="contact"[^>]*>El teu correu o el teu telèfon<\/label>/);
  });

  it('anonymous: the typed code as printed or typed loosely, with the email or the phone, opens the gift page', async () => {
    const order = await gift();
    const typed = formatTypedCode(order.typedCode!);
    for (const fields of [
      { typed, contact: 'maria.josep@example.test' },
      { typed: typed.toLowerCase().replace('-', ' '), contact: ' MARIA.JOSEP@example.test ' },
      { typed: order.typedCode!, contact: '612 34 56 78' },
      { typed, contact: '0034612345678' },
    ]) {
      const res = await open(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(303);
      expect(res.headers.location).toBe(`/g/${order.qrCode}?lang=en`);
    }
    expect((await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}?lang=en` })).body).toContain('Maria Josep, you have a gift');
  });

  it('a wrong email or phone, a code alone, or an unpaid gift opens nothing, with the same explanation', async () => {
    const order = await gift();
    const unpaid = await gift({ status: 'unpaid', typedCode: 'K7QDM2XA' });
    const typed = order.typedCode!;
    for (const fields of [
      { typed, contact: 'someone.else@example.test' },
      { typed, contact: '+34 699 999 999' },
      { typed, contact: '' },
      { typed: 'ZZZZZZZZ', contact: 'maria.josep@example.test' },
      { typed: unpaid.typedCode!, contact: 'maria.josep@example.test' },
    ]) {
      const res = await open(fields, '192.0.2.20', 'es');
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.body).toContain('Ningún regalo coincide con este código y ese correo o teléfono');
      expect(res.body).not.toContain(order.qrCode);
      expect(res.body).not.toContain(unpaid.qrCode);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('is limited like every code lookup: 20 misses an address, and a code guessed from many addresses is locked even with the right contact', async () => {
    const order = await gift();
    // Twenty different codes (each code's own count stays low): the address's count is what refuses.
    for (let i = 0; i < 20; i++) expect((await open({ typed: `YYYYYY${TYPED_CODE_ALPHABET[i]}0`, contact: `guess${i}@example.test` }, '198.51.100.30')).statusCode).toBe(400);
    const refused = await open({ typed: order.typedCode!, contact: 'maria.josep@example.test' }, '198.51.100.30');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many attempts');

    const target = await gift({ recipientPhone: '+34 622 000 111', recipientEmail: null });
    for (let i = 0; i < 10; i++) {
      expect((await open({ typed: target.typedCode!, contact: `+34 622 000 ${String(200 + i)}` }, `203.0.113.${40 + i}`)).statusCode).toBe(400);
    }
    const locked = await open({ typed: target.typedCode!, contact: '+34 622 000 111' }, '203.0.113.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers.location).toBeUndefined();
    // Another gift's code is not locked by it.
    expect((await open({ typed: order.typedCode!, contact: 'maria.josep@example.test' }, '203.0.113.100')).statusCode).toBe(303);
  });
});
