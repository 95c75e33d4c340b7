import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authedInject } from '../../../testing/auth-helpers';
import { createUser } from '../../../testing/factories';
import { signIn } from '../../../testing/auth-helpers';
import { as, signedInOwner } from '../../../testing/dashboard-test-world';
import { createTestApp, type TestApp } from '../../../testing/test-app';

/** Reads the poster's QR (inline SVG → pixels → jsQR), as a phone camera would. */
async function decodeQr(html: string): Promise<string | null> {
  const svg = /<svg[\s\S]*?<\/svg>/.exec(html)?.[0];
  if (!svg) return null;
  const { data, info } = await sharp(Buffer.from(svg)).resize(400, 400).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** The SVG's modules, one pixel each: the quiet zone is the 4 light modules around the code. */
async function quietZone(html: string): Promise<number> {
  const svg = /<svg[\s\S]*?<\/svg>/.exec(html)![0];
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1]);
  const { data } = await sharp(Buffer.from(svg), { density: 72 }).resize(size, size, { kernel: 'nearest' }).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const darkIn = (line: number) => [...Array(size).keys()].some((i) => data[line * size + i]! < 128 || data[i * size + line]! < 128);
  let light = 0;
  while (!darkIn(light)) light++;
  return light;
}

describe('the partner\'s counter poster (ADR 067)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://regalos.example' } });
  });
  afterAll(() => t.close());

  it('prints the name, a line in both languages and a QR that decodes to the shop page, on A5 and A4', async () => {
    const { business, cookie } = await signedInOwner(t, { name: 'Orxateria La Palmera' });
    for (const size of ['a5', 'a4'] as const) {
      const res = await as(t, cookie)({ method: 'GET', url: `/api/business/shop-poster?size=${size}&lang=es` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      const html = res.body;
      expect(html).toContain(`@page{size:${size === 'a5' ? '148mm 210mm' : '210mm 297mm'}`);
      expect(html).toContain('<h1>Orxateria La Palmera</h1>');
      expect(html).toContain('Regala Orxateria La Palmera');
      expect(html).toContain('Give a gift from Orxateria La Palmera');
      expect(html).toContain('<title>Cartel para el mostrador');
      expect(await decodeQr(html)).toBe(`https://regalos.example/b/${business.slug}`);
      expect(business.slug).toBe('orxateria-la-palmera');
      expect(await quietZone(html)).toBe(4);
    }
    const english = await as(t, cookie)({ method: 'GET', url: '/api/business/shop-poster?size=a4&lang=en' });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Counter poster');
    expect(english.body).not.toContain('lang="ca-ES-valencia"');
    // Printed in Valencian: a Valencian line first, then the Spanish and the English ones (ADR 068).
    const valencian = (await as(t, cookie)({ method: 'GET', url: '/api/business/shop-poster?size=a5&lang=va' })).body;
    expect(valencian).toContain('<html lang="ca-ES-valencia">');
    const scans = [...valencian.matchAll(/<p class="scan" lang="([^"]+)">([^<]+)<\/p>/g)].map((m) => [m[1], m[2]]);
    expect(scans).toEqual([
      ['ca-ES-valencia', 'Escaneja per a triar un regal i enviar-lo per correu electrònic o WhatsApp.'],
      ['es', 'Escanea para elegir un regalo y enviarlo por email o WhatsApp.'],
      ['en', 'Scan to choose a gift and send it by email or WhatsApp.'],
    ]);
    // Valencian and Spanish say the heading line alike: printed once, in the first language.
    const lines = [...valencian.matchAll(/<p class="line" lang="([^"]+)">([^<]+)<\/p>/g)].map((m) => [m[1], m[2]]);
    expect(lines).toEqual([
      ['ca-ES-valencia', 'Regala Orxateria La Palmera'],
      ['en', 'Give a gift from Orxateria La Palmera'],
    ]);
    expect(await decodeQr(valencian)).toBe(`https://regalos.example/b/${business.slug}`);
  });

  it('refuses another size, and anyone but an owner', async () => {
    const { cookie } = await signedInOwner(t);
    expect((await as(t, cookie)({ method: 'GET', url: '/api/business/shop-poster?size=a3' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/business/shop-poster' })).statusCode).toBe(401);
    const consumer = await createUser(t.database.db);
    const { cookie: consumerCookie } = await signIn(t, { email: consumer.email, password: consumer.password });
    const refused = await authedInject(t, consumerCookie, { method: 'GET', url: '/api/business/shop-poster' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'no_business' });
  });
});
