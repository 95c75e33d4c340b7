import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalPages } from '@shared/domain/legal-versions';
import { LOCALES } from '@shared/locale';
import { renderRateLimitedPage, renderUnavailablePage } from './features/gift-page/render-gift-page';
import { templates, type MailTemplateName } from './mail/templates';
import { createBusiness, createGift, createOrder, createUser } from './testing/factories';
import { mailSamples } from './testing/mail-samples';
import { checkHtmlFolder, describeVnuMessage, type VnuMessage } from './testing/nu-html-checker';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * Every page must be valid HTML: the Nu HTML Checker (vnu-jar, the W3C's own checker) over
 * every page the server renders — the gift page in each state, the print card, the "open
 * your gift" page, the gift error pages, the legal pages, the landing page's and the app's
 * documents as the built app serves them — and over every HTML email rendered from the real
 * templates. Errors fail; warnings do not. One checker run over one folder keeps it to a few
 * seconds (a JVM start per file would not).
 *
 * The app's documents come from the production build (`npm test` builds before vitest).
 */
const WEB_ROOT = path.resolve('dist/web');

describe('every server-rendered page and HTML email is valid HTML (Nu HTML Checker)', () => {
  let t: TestApp;
  const folder = mkdtempSync(path.join(tmpdir(), 'regalo-vnu-'));
  const written: string[] = [];
  const save = (name: string, html: string) => {
    writeFileSync(path.join(folder, `${name}.html`), html);
    written.push(name);
  };

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_ROOT, 'index.html'))) {
      throw new Error(`No build in ${WEB_ROOT}: run \`npm run build\` first (npm test does).`);
    }
    t = await createTestApp({ webRoot: WEB_ROOT });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('finds no error', async () => {
    const db = t.database.db;
    const get = async (url: string, language: 'en' | 'es' | 'va') => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-language': language } });
      expect(res.headers['content-type'], url).toContain('text/html');
      return res.body;
    };

    // A gift with everything a page can show: image, message with line breaks, conditions,
    // booking details, opening hours.
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, {
      ownerId: owner.id,
      name: 'Casa Carmela <Malva-rosa>',
      phone: '+34963123456',
      whatsapp: '+34612345678',
      bookingUrl: 'https://reservas.casacarmela.example/mesa?from=regalo&lang=es',
      openingHours: 'Martes a domingo 13:00–16:00\nCerrado en agosto',
    });
    const gift = await createGift(db, {
      businessId: shop.id,
      name: 'Paella "para dos"',
      imageUrl: '/api/files/public/gifts/0b6f1d2e-4c1a-4b8e-9f00-1234567890ab/main.abcdef123456.webp',
      bookingRequired: true,
      partySize: 2,
      validWeekdays: [1, 2, 3, 4],
      conditions: 'No válido en festivos',
    });
    const buyer = await createUser(db);
    const order = (status: 'paid' | 'redeemed' | 'expired' | 'cancelled') =>
      createOrder(db, { buyerId: buyer.id, giftId: gift.id, status, personalMessage: '¡Feliz cumple!\n\nCon cariño <3', senderName: 'Lucía' });
    for (const status of ['paid', 'redeemed', 'expired', 'cancelled'] as const) {
      const { qrCode } = await order(status);
      for (const language of ['en', 'es'] as const) save(`gift-${status}-${language}`, await get(`/g/${qrCode}?lang=${language}`, language));
      if (status === 'paid') save('print-card', await get(`/g/${qrCode}/print?lang=es`, 'es'));
      if (status === 'paid') save('folded-print-card', await get(`/g/${qrCode}/print/folded?lang=va`, 'va'));
    }
    save('open-gift', await get('/g', 'es'));
    save('open-gift-invalid', await get('/g?code=not-a-gift', 'en'));
    save('gift-not-found', await get('/g/no-such-gift-code-0000', 'es'));
    save('gift-unavailable', renderUnavailablePage('es', '/g/x'));
    save('gift-rate-limited', renderRateLimitedPage('en', '/g/x'));
    for (const page of legalPages) {
      for (const language of ['en', 'es'] as const) save(`legal-${page}-${language}`, await get(`/${page}?lang=${language}`, language));
    }
    // The landing page in its three languages, its categories open (ADR 098), then the built
    // documents as served: the app's shell (also every client-side route, including the app's not-found page).
    for (const language of LOCALES) save(`landing-${language}`, await get(`/?lang=${language}`, language));
    save('landing-cookie-categories', await get('/?cookies=customise', 'en'));
    save('app-shell', await get('/app', 'en'));
    save('app-not-found', await get('/no/such/page', 'es'));

    for (const name of Object.keys(mailSamples) as MailTemplateName[]) {
      for (const locale of LOCALES) {
        save(`mail-${name}-${locale}`, templates[name](mailSamples[name] as never, locale).html);
      }
    }

    // A control the checker must catch: a run that read nothing would also be silent.
    save('control-invalid', '<!doctype html><html lang="en"><head><title>Control</title></head><body><p>a<div>b</div></p></body></html>');

    const all = await checkHtmlFolder(folder);
    const isControl = (m: VnuMessage) => path.basename(m.url) === 'control-invalid.html';
    expect(all.filter(isControl).map((m) => m.message)).toContain('No “p” element in scope but a “p” end tag seen.');
    const messages = all.filter((m) => !isControl(m));
    expect(messages.map(describeVnuMessage)).toEqual([]);
    expect(written.length).toBeGreaterThan(50);
  }, 180_000);
});
