import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema/contacts';
import { users } from '../../db/schema/auth';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { tempDocumentsPrefix } from '../../domain/documents/document-files';
import { as, ownerWithSales, signedInUser } from '../../testing/dashboard-test-world';
import { authedInject } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { multipart, samplePdf, samplePng, type MultipartPart } from '../../testing/upload-files';

/**
 * ADR 035: a NUL byte reached PostgreSQL (which cannot store it in text) and
 * came back as a 500; so did a far-future `since`. Both must be a 400 that changes nothing,
 * on every route: the NUL check is one hook for every body, query and parameter.
 */
describe('NUL bytes and impossible dates are refused with 400', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('in JSON bodies, nested or not, and changes nothing', async () => {
    const { cookie } = await signedInUser(t);
    const before = (await t.database.db.select().from(contacts)).length;
    const attempts = [
      { method: 'PATCH' as const, url: '/api/profile', payload: { fullName: 'Ana\u0000Soler' } },
      { method: 'POST' as const, url: '/api/contacts', payload: { name: 'Pau\u0000' } },
      { method: 'POST' as const, url: '/api/contacts', payload: { name: 'Pau', notes: 'x', extra: ['ok', { deep: '\u0000' }] } },
    ];
    for (const attempt of attempts) {
      const res = await as(t, cookie)(attempt);
      expect(res.statusCode, attempt.url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await t.database.db.select().from(contacts)).length).toBe(before);
    const profile = await as(t, cookie)({ method: 'GET', url: '/api/profile' });
    expect(profile.body).not.toContain('\\u0000');
  });

  it('in query strings', async () => {
    const { cookie } = await signedInUser(t);
    for (const url of ['/api/contacts?q=a%00b', '/api/catalog/gifts?q=%00', '/api/catalog/businesses?q=caf%00']) {
      const res = await as(t, cookie)({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('in bodies handed to Better Auth, JSON or form-encoded, and no account is created', async () => {
    const before = (await t.database.db.select().from(users)).length;
    const json = await authedInject(t, null, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'nul@example.test', password: 'long-enough-password', name: 'N\u0000L' },
    });
    expect(json.statusCode).toBe(400);
    const form = await authedInject(t, null, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=nul2%40example.test&password=long-enough-password&name=N%00L',
    });
    expect(form.statusCode).toBe(400);
    expect((await t.database.db.select().from(users)).length).toBe(before);
  });

  // Multipart bodies are read by the upload routes themselves, after the hook; every route
  // that takes one (documents, business image, gift image) must refuse a NUL just the same.
  const upload = (cookie: string, url: string, parts: MultipartPart[]) => {
    const body = multipart(parts);
    return as(t, cookie)({ method: 'POST', url, payload: body.payload, headers: body.headers });
  };
  const pdf = (fileName = 'licence.pdf'): MultipartPart => ({ name: 'file', fileName, contentType: 'application/pdf', data: samplePdf() });
  const png = async (fileName = 'photo.png'): Promise<MultipartPart> => ({ name: 'file', fileName, contentType: 'image/png', data: await samplePng() });

  it.each([
    ['the type field', 'type', () => [{ name: 'type', value: 'business_license\u0000' }, pdf()]],
    ['a field after the file', 'note', () => [{ name: 'type', value: 'business_license' }, pdf(), { name: 'note', value: 'a\u0000b' }]],
    ['a field name', 'x\u0000y', () => [{ name: 'x\u0000y', value: 'a' }, { name: 'type', value: 'business_license' }, pdf()]],
    ['the file name', 'file', () => [{ name: 'type', value: 'business_license' }, pdf('licen\u0000ce.pdf')]],
  ])('in a document upload, in %s, and nothing is stored', async (_where, field, parts) => {
    const { user, cookie } = await signedInUser(t);
    const res = await upload(cookie, '/api/business/documents', parts() as MultipartPart[]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { [field]: 'nul_character' } });
    expect(await t.app.ctx.storage.list(tempDocumentsPrefix(user.id))).toEqual([]);
  });

  it('in the business image and gift image uploads, and nothing changes', async () => {
    const owner = await ownerWithSales(t);
    const image = await upload(owner.cookie, '/api/business/image', [{ name: 'caption', value: 'caf\u0000e' }, await png()]);
    expect(image.statusCode).toBe(400);
    expect(image.json()).toMatchObject({ code: 'validation_failed', fields: { caption: 'nul_character' } });
    const giftImage = await upload(owner.cookie, `/api/business/gifts/${owner.gift.id}/image`, [await png('te\u0000.png')]);
    expect(giftImage.statusCode).toBe(400);
    expect(giftImage.json()).toMatchObject({ code: 'validation_failed', fields: { file: 'nul_character' } });

    const [business] = await t.database.db.select().from(businesses).where(eq(businesses.id, owner.business.id));
    const [gift] = await t.database.db.select().from(gifts).where(eq(gifts.id, owner.gift.id));
    expect(business!.imageUrl).toBe(owner.business.imageUrl);
    expect(gift!.imageUrl).toBe(owner.gift.imageUrl);
    expect(await t.app.ctx.storage.list(`${owner.business.id}/`)).toEqual([]);
    expect(await t.app.ctx.storage.list(`gifts/${owner.gift.id}/`)).toEqual([]);
  });

  it('still takes the same uploads without the NUL', async () => {
    const { cookie } = await signedInUser(t);
    const document = await upload(cookie, '/api/business/documents', [{ name: 'type', value: 'business_license' }, pdf(), { name: 'note', value: 'ab' }]);
    expect(document.statusCode).toBe(201);
    const owner = await ownerWithSales(t);
    const image = await upload(owner.cookie, '/api/business/image', [{ name: 'caption', value: 'cafe' }, await png()]);
    expect(image.statusCode).toBe(200);
  });

  it.each([
    '+275760-09-13T00:00:00.000Z',
    '99999-01-01T00:00:00Z',
    '10000-01-01T00:00:00Z',
    'Tue, 01 Jan 2999 00:00:00 GMT',
    '2026-02-30T00:00:00Z',
    '1',
  ])('a since of %s on the order updates', async (since) => {
    const owner = await ownerWithSales(t);
    const res = await as(t, owner.cookie)({ method: 'GET', url: `/api/business/orders/updates?since=${encodeURIComponent(since)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { since: 'invalidDate' } });
  });

  it('still takes an ordinary since, with or without fractions and offsets', async () => {
    const owner = await ownerWithSales(t);
    for (const since of ['2026-11-21T10:00:00.000Z', '2026-11-21T10:00:00Z', '2026-11-21T11:00:00.123456+01:00']) {
      const res = await as(t, owner.cookie)({ method: 'GET', url: `/api/business/orders/updates?since=${encodeURIComponent(since)}` });
      expect(res.statusCode, since).toBe(200);
    }
  });
});
