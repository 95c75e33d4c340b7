import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@shared/format';
import { formatTypedCode } from '@shared/domain/typed-code';
import type { Locale } from '@shared/locale';
import { businesses } from '../../../db/schema/businesses';
import { orders } from '../../../db/schema/orders';
import { signIn } from '../../../testing/auth-helpers';
import { businessImageKey, publicFileUrl } from '../../../platform/storage/public-files';
import { createBusiness, createGift, createOrder, createUser } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createWalletTestKeys, TEST_PASS_TYPE_ID, TEST_TEAM_ID, type WalletTestKeys } from '../../../testing/wallet-test-keys';

interface PassJson {
  passTypeIdentifier: string;
  teamIdentifier: string;
  serialNumber: string;
  authenticationToken: string;
  webServiceURL: string;
  expirationDate: string;
  relevantDate: string;
  voided?: boolean;
  locations?: { latitude: number; longitude: number; relevantText?: string }[];
  description: string;
  barcodes?: { format: string; message: string; altText?: string }[];
  generic: Record<'headerFields' | 'primaryFields' | 'secondaryFields' | 'auxiliaryFields' | 'backFields', { key: string; label?: string; value: string | number; currencyCode?: string; changeMessage?: string }[]>;
}

/** The pass as Wallet opens it: its files, its manifest's SHA-1 of each, and its pass.json. */
function openPass(body: Buffer) {
  const files = unzipSync(new Uint8Array(body));
  const manifest = JSON.parse(Buffer.from(files['manifest.json']!).toString('utf8')) as Record<string, string>;
  const pass = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8')) as PassJson;
  return { files, manifest, pass };
}

const field = (pass: PassJson, key: string) =>
  Object.values(pass.generic)
    .flat()
    .find((f) => f.key === key);

describe('the Apple Wallet pass of a gift (ADR 107)', () => {
  let t: TestApp;
  let keys: WalletTestKeys;
  const clock = new Date('2026-06-10T10:00:00Z');

  beforeAll(async () => {
    keys = createWalletTestKeys();
    t = await createTestApp({ now: () => clock, env: keys.env });
  });
  afterAll(() => t.close());

  async function paidGift(recipientLocale: Locale = 'es') {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, { ownerId: owner.id, name: 'Horchatería Santa Catalina', address: 'Plaza de Santa Catalina 6' });
    const gift = await createGift(db, { businessId: shop.id, name: 'Horchata y fartons para dos', price: 1250 });
    const buyer = await createUser(db, {});
    return createOrder(db, {
      buyerId: buyer.id,
      giftId: gift.id,
      status: 'paid',
      recipientName: 'Carmen Martínez',
      recipientEmail: 'carmen.private@example.test',
      senderName: 'Lucía',
      recipientLocale,
      now: clock,
    });
  }

  it('offers the download on the gift page, signed: the manifest hashes every file and the signature verifies against the authority', async () => {
    const order = await paidGift();
    const page = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}` });
    expect(page.body).toContain(`href="/g/${order.qrCode}/wallet/apple.pkpass?lang=es"`);
    expect(page.body).toContain('Añadir a Apple Wallet');

    const res = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}/wallet/apple.pkpass` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { files, manifest } = openPass(res.rawPayload);

    const signed = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(signed.sort());
    for (const name of signed) {
      expect(manifest[name], name).toBe(createHash('sha1').update(files[name]!).digest('hex'));
    }
    expect(signed).toEqual(expect.arrayContaining(['pass.json', 'icon.png', 'icon@2x.png', 'logo.png']));

    // A detached PKCS #7 signature of the manifest, by the pass type certificate the authority issued.
    const dir = mkdtempSync(path.join(tmpdir(), 'regalo-pkpass-'));
    writeFileSync(path.join(dir, 'manifest.json'), files['manifest.json']!);
    writeFileSync(path.join(dir, 'signature'), files['signature']!);
    const verify = (caFile: string) =>
      execFileSync(
        'openssl',
        ['smime', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json', '-CAfile', caFile, '-purpose', 'any', '-out', '/dev/null'],
        { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
      );
    expect(() => verify(keys.caFile)).not.toThrow();
    // Any other authority refuses it, and so does a changed manifest.
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'other.key', '-out', 'other.pem', '-days', '1', '-subj', '/CN=Another CA'], { cwd: dir, stdio: 'ignore' });
    expect(() => verify(path.join(dir, 'other.pem'))).toThrow();
    writeFileSync(path.join(dir, 'manifest.json'), Buffer.from(files['manifest.json']!).toString('utf8').replace('"pass.json"', '"pass.json "'));
    expect(() => verify(keys.caFile)).toThrow();
  });

  it.each([
    ['es', 'Listo para disfrutar', 'Tu regalo', 'Dónde disfrutarlo', 'Válido hasta'],
    ['en', 'Ready to enjoy', 'Your gift', 'Where to enjoy it', 'Valid until'],
    ['va', 'A punt per a gaudir-lo', 'El teu regal', 'On gaudir-lo', 'Vàlid fins al'],
  ] as const)('carries the code, the QR message, the dates and the texts in %s', async (language, ready, giftLabel, businessLabel, validLabel) => {
    const order = await paidGift(language);
    const res = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}/wallet/apple.pkpass` });
    const { pass } = openPass(res.rawPayload);
    expect(pass.passTypeIdentifier).toBe(TEST_PASS_TYPE_ID);
    expect(pass.teamIdentifier).toBe(TEST_TEAM_ID);
    expect(pass.webServiceURL).toBe('http://localhost:3000/api/wallet/apple');
    // Serial and token are as secret as the link, and neither is the code itself.
    expect(pass.serialNumber).toMatch(/^[\w-]{43}$/);
    expect(pass.authenticationToken).toMatch(/^[\w-]{43}$/);
    expect(pass.serialNumber).not.toContain(order.qrCode);
    expect(pass.barcodes).toEqual([
      { format: 'PKBarcodeFormatQR', message: `http://localhost:3000/g/${order.qrCode}`, messageEncoding: 'iso-8859-1', altText: formatTypedCode(order.typedCode!) },
    ]);
    expect(field(pass, 'code')!.value).toBe(formatTypedCode(order.typedCode!));
    expect(new Date(pass.expirationDate).getTime()).toBe(order.expiresAt.getTime());
    // Brought forward on the phone in its last week.
    expect(new Date(pass.relevantDate).getTime()).toBe(order.expiresAt.getTime() - 7 * 24 * 3600_000);
    expect(field(pass, 'validUntil')).toMatchObject({ label: validLabel, value: formatDate(order.expiresAt, language) });
    expect(field(pass, 'status')).toMatchObject({ value: ready });
    expect(field(pass, 'gift')).toMatchObject({ label: giftLabel, value: 'Horchata y fartons para dos' });
    expect(field(pass, 'business')).toMatchObject({ label: businessLabel, value: 'Horchatería Santa Catalina' });
    expect(field(pass, 'address')!.value).toContain('Plaza de Santa Catalina 6, Valencia');
    expect(pass.voided).toBe(false);
    // The business gave no coordinates: no "nearby", rather than a guess from the address.
    expect(pass.locations).toBeUndefined();
    // Nothing the page does not show: no contact of the recipient, no price.
    const text = JSON.stringify(pass);
    expect(text).not.toContain('carmen.private@example.test');
    expect(text).not.toContain('12,50');
  });

  it('carries the shop’s location, where its owner gave it, while the gift can be used', async () => {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, { ownerId: owner.id, name: 'Orxateria Daniel', coordinates: { latitude: 39.47385, longitude: -0.3764 } });
    const gift = await createGift(db, { businessId: shop.id, name: 'Orxata' });
    const order = await createOrder(db, { buyerId: (await createUser(db, {})).id, giftId: gift.id, status: 'paid', recipientLocale: 'en', now: clock });
    const { pass } = openPass((await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}/wallet/apple.pkpass` })).rawPayload);
    expect(pass.locations).toEqual([{ latitude: 39.47385, longitude: -0.3764, relevantText: 'Orxateria Daniel is nearby: your gift is waiting' }]);
  });

  it('shows the business’s picture, which the gift page shows too, when the gift has none of its own', async () => {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, { ownerId: owner.id, name: 'Forn Sant Bult' });
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#884400' } }).webp().toBuffer();
    const key = businessImageKey(shop.id, picture);
    await t.app.ctx.storage.put(key, picture, { contentType: 'image/webp' });
    await db.update(businesses).set({ imageUrl: publicFileUrl(key) }).where(eq(businesses.id, shop.id));
    const gift = await createGift(db, { businessId: shop.id, name: 'Coca' });
    const order = await createOrder(db, { buyerId: (await createUser(db, {})).id, giftId: gift.id, status: 'paid', recipientLocale: 'es', now: clock });

    const page = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}` });
    const shown = publicFileUrl(key.replace('/main.', '/main-w480.'));
    expect(page.body).toContain(`<img class="business-img" src="${shown}"`);
    const { files } = openPass((await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}/wallet/apple.pkpass` })).rawPayload);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['thumbnail.png', 'thumbnail@2x.png', 'thumbnail@3x.png']));
    expect((await sharp(Buffer.from(files['thumbnail@2x.png']!)).metadata()).width).toBe(180);

    const save = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}/wallet/google` });
    const jwtPayload = JSON.parse(Buffer.from(String(save.headers.location).split('/').at(-1)!.split('.')[1]!, 'base64url').toString('utf8')) as {
      payload: { genericObjects: { heroImage?: { sourceUri: { uri: string } } }[] };
    };
    expect(jwtPayload.payload.genericObjects[0]!.heroImage?.sourceUri.uri).toBe(`http://localhost:3000${shown}`);
  });

  it('shows a gift card’s balance on its front, and the latest pass after a use shows the new one with a notice', async () => {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, { ownerId: owner.id, name: 'Llibreria Bartleby' });
    const gift = await createGift(db, { businessId: shop.id, name: 'Tarjeta regalo', card: { minAmount: 500, maxAmount: 50_000 } });
    const order = await createOrder(db, { buyerId: (await createUser(db, {})).id, giftId: gift.id, status: 'paid', valueKind: 'card', amountCents: 4000, recipientLocale: 'va', now: clock });
    const download = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}/wallet/apple.pkpass` });
    const { pass } = openPass(download.rawPayload);
    expect(pass.generic.primaryFields).toEqual([{ key: 'balance', label: 'Saldo', value: 40, currencyCode: 'EUR', changeMessage: 'Saldo ara: %@' }]);
    expect(field(pass, 'gift')).toMatchObject({ value: 'Tarjeta regalo' });
    expect(field(pass, 'code')!.value).toBe(formatTypedCode(order.typedCode!));

    const { cookie } = await signIn(t, { email: owner.email, password: owner.password });
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/business/redemptions',
      headers: { cookie, origin: t.config.publicUrl },
      payload: { code: order.qrCode, amountCents: 1525, idempotencyKey: 'apple-card-use-1' },
    });
    expect(used.statusCode, used.body).toBe(200);
    const latest = await t.app.inject({
      method: 'GET',
      url: `/api/wallet/apple/v1/passes/${TEST_PASS_TYPE_ID}/${pass.serialNumber}`,
      headers: { authorization: `ApplePass ${pass.authenticationToken}` },
    });
    expect(latest.statusCode).toBe(200);
    const after = openPass(latest.rawPayload).pass;
    expect(field(after, 'balance')).toMatchObject({ value: 24.75, currencyCode: 'EUR' });
    expect(after.voided).toBe(false);
  });

  it('is not offered, and not served, for a gift that can no longer be used, or when the settings are absent', async () => {
    const db = t.database.db;
    const order = await paidGift();
    await db.update(orders).set({ status: 'redeemed', redeemedAt: clock }).where(eq(orders.id, order.id));
    const page = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}` });
    expect(page.body).not.toContain('apple.pkpass');
    const res = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}/wallet/apple.pkpass` });
    expect(res.statusCode).toBe(303);

    const plain = await createTestApp({ now: () => clock });
    try {
      const fresh = await paidGift();
      const without = await plain.app.inject({ method: 'GET', url: `/g/${fresh.qrCode}` });
      expect(without.statusCode).toBe(200);
      expect(without.body).not.toContain('wallet');
      const download = await plain.app.inject({ method: 'GET', url: `/g/${fresh.qrCode}/wallet/apple.pkpass` });
      expect(download.statusCode).toBe(303);
    } finally {
      await plain.close();
    }
  });

  it('in the demo, signs with the throwaway certificate made at the first start and says it is a demo pass', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-wallet-demo-'));
    const demo = await createTestApp({ now: () => clock, env: { WALLET_DEMO: 'on', DATA_DIR: dataDir } });
    try {
      const order = await paidGift('en');
      const page = await demo.app.inject({ method: 'GET', url: `/g/${order.qrCode}` });
      expect(page.body).toContain('Add to Apple Wallet</a> <span class="muted">(demo pass)</span>');
      const res = await demo.app.inject({ method: 'GET', url: `/g/${order.qrCode}/wallet/apple.pkpass` });
      expect(res.statusCode).toBe(200);
      const { files, pass } = openPass(res.rawPayload);
      expect((pass as unknown as { logoText: string }).logoText).toBe('Regalo (demo pass)');
      expect(field(pass, 'demo')!.value).toMatch(/a real phone does not accept it/);
      const dir = mkdtempSync(path.join(tmpdir(), 'regalo-pkpass-demo-'));
      writeFileSync(path.join(dir, 'manifest.json'), files['manifest.json']!);
      writeFileSync(path.join(dir, 'signature'), files['signature']!);
      writeFileSync(path.join(dir, 'wwdr.pem'), demo.config.wallet.apple!.wwdrPem);
      expect(() =>
        execFileSync('openssl', ['smime', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json', '-CAfile', 'wwdr.pem', '-purpose', 'any', '-out', '/dev/null'], {
          cwd: dir,
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      ).not.toThrow();
    } finally {
      await demo.close();
    }
  });
});
