import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@shared/domain/documents';
import { businesses } from '../../db/schema/businesses';
import { authedInject, signIn } from '../../testing/auth-helpers';
import { createBusiness, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { multipart, sampleJpeg, samplePdf, samplePng, type MultipartPart } from '../../testing/upload-files';
import { cleanUpTempUploads } from './clean-up-temp-uploads';
import { tempDocumentsPrefix } from '../../domain/documents/document-files';

describe('verification documents', () => {
  let t: TestApp;
  let clock: Date | null = null;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock ?? new Date() });
  });
  afterAll(() => t.close());

  async function signedInUser(overrides: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t.database.db, overrides);
    const { cookie } = await signIn(t, { email: user.email, password: user.password });
    return { user, cookie };
  }

  function upload(cookie: string | null, type: string | null, fileName: string, data: Buffer, contentType = 'application/pdf') {
    const parts: MultipartPart[] = [];
    if (type !== null) parts.push({ name: 'type', value: type });
    parts.push({ name: 'file', fileName, contentType, data });
    const body = multipart(parts);
    return authedInject(t, cookie, { method: 'POST', url: '/api/business/documents', payload: body.payload, headers: body.headers });
  }

  const list = (cookie: string) => authedInject(t, cookie, { method: 'GET', url: '/api/business/documents' });

  it('needs a session', async () => {
    const res = await upload(null, 'business_license', 'licence.pdf', samplePdf());
    expect(res.statusCode).toBe(401);
  });

  it('keeps a valid PDF as a temporary upload of that user, listed with its original name', async () => {
    const { user, cookie } = await signedInUser({ userType: 'business' });
    const res = await upload(cookie, 'business_license', 'Licencia de apertura.pdf', samplePdf());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'business_license', fileName: 'Licencia de apertura.pdf', downloadUrl: null });

    const keys = (await t.app.ctx.storage.list(tempDocumentsPrefix(user.id))).map((e) => e.key);
    expect(keys.some((k) => /^temp\/[A-Za-z0-9]+\/documents\/business_license_\d+\.pdf$/.test(k))).toBe(true);

    const listed = await list(cookie);
    expect(listed.json()).toMatchObject({ businessId: null, items: [{ type: 'business_license', fileName: 'Licencia de apertura.pdf' }] });

    // Another user sees none of it.
    const other = await signedInUser();
    expect((await list(other.cookie)).json()).toEqual({ businessId: null, items: [] });
  });

  it('accepts PNG and JPEG (.jpeg) where images are allowed', async () => {
    const { cookie } = await signedInUser();
    expect((await upload(cookie, 'tax_registration', 'modelo-036.png', await samplePng(), 'image/png')).statusCode).toBe(201);
    expect((await upload(cookie, 'id_document', 'dni.jpeg', await sampleJpeg(), 'image/jpeg')).statusCode).toBe(201);
    const items = (await list(cookie)).json().items as { type: string }[];
    expect(items.map((i) => i.type).sort()).toEqual(['id_document', 'tax_registration']);
  });

  it('accepts a phone photo (JPEG or PNG) of the articles of incorporation, stored as what its bytes are', async () => {
    const { cookie } = await signedInUser();
    const photo = await upload(cookie, 'articles_incorporation', 'escritura.jpg', await sampleJpeg(), 'image/jpeg');
    expect(photo.statusCode).toBe(201);
    expect(photo.json()).toMatchObject({ type: 'articles_incorporation', fileName: 'escritura.jpg' });
    expect((await upload(cookie, 'articles_incorporation', 'escritura.png', await samplePng(), 'image/png')).statusCode).toBe(201);
  });

  describe('refuses by content, not by name', () => {
    it.each([
      ['PNG bytes named .pdf', 'business_license', 'licence.pdf', async () => samplePng()],
      ['HTML named .pdf', 'business_license', 'licence.pdf', async () => Buffer.from('<!doctype html><script>alert(1)</script>')],
      // A PDF/HTML polyglot named as an image: its bytes say PDF, its name says PNG; refused
      // so nothing is ever stored under a name that disagrees with what it is.
      ['a PDF+HTML polyglot named .png', 'tax_registration', 'scan.png', async () => samplePdf(0, '<html><script>alert(1)</script></html>')],
      // GIFAR: a GIF header with a ZIP (Java archive) behind it. GIF is not a document type.
      ['a GIF/ZIP polyglot named .png', 'tax_registration', 'scan.png', async () => Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), Buffer.from('PK\x03\x04 payload', 'latin1')])],
      ['a HTML page named .jpg as articles of incorporation', 'articles_incorporation', 'escritura.jpg', async () => Buffer.from('<!doctype html><p>deed</p>')],
      ['a JPEG named .png', 'id_document', 'dni.png', async () => sampleJpeg()],
    ])('%s → 415', async (_label, type, name, make) => {
      const { user, cookie } = await signedInUser();
      const res = await upload(cookie, type, name, await make());
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'unsupported_file_type' });
      expect(await t.app.ctx.storage.list(tempDocumentsPrefix(user.id))).toHaveLength(0);
    });
  });

  it('accepts a PDF with text after its end (it is still a PDF, served only as an attachment)', async () => {
    const { cookie } = await signedInUser();
    const res = await upload(cookie, 'business_license', 'licence.pdf', samplePdf(0, '<html><script>x</script></html>'));
    expect(res.statusCode).toBe(201);
  });

  it('refuses 10 MB + 1 byte with 413 file_too_large and stores nothing', async () => {
    const { user, cookie } = await signedInUser();
    const res = await upload(cookie, 'business_license', 'big.pdf', samplePdf(MAX_DOCUMENT_BYTES + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'file_too_large' });
    expect(await t.app.ctx.storage.list(tempDocumentsPrefix(user.id))).toHaveLength(0);
    // Exactly 10 MB is fine.
    expect((await upload(cookie, 'business_license', 'ok.pdf', samplePdf(MAX_DOCUMENT_BYTES))).statusCode).toBe(201);
  });

  it('refuses an empty file, a missing file and a missing type; takes the type after the file too', async () => {
    const { cookie } = await signedInUser();
    const empty = await upload(cookie, 'business_license', 'empty.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'file_empty' });

    const noType = await upload(cookie, null, 'licence.pdf', samplePdf());
    expect(noType.json()).toMatchObject({ code: 'document_type_invalid' });
    const badType = await upload(cookie, 'passport_photo', 'licence.pdf', samplePdf());
    expect(badType.json()).toMatchObject({ code: 'document_type_invalid' });

    const late = multipart([
      { name: 'file', fileName: 'licence.pdf', contentType: 'application/pdf', data: samplePdf() },
      { name: 'type', value: 'business_license' },
    ]);
    const lateRes = await authedInject(t, cookie, { method: 'POST', url: '/api/business/documents', payload: late.payload, headers: late.headers });
    expect(lateRes.statusCode).toBe(201);

    const json = await authedInject(t, cookie, { method: 'POST', url: '/api/business/documents', payload: { type: 'business_license' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ code: 'file_missing' });
  });

  it('a new temporary upload of the same type replaces and deletes the old one; delete removes it', async () => {
    const { user, cookie } = await signedInUser();
    clock = new Date(Date.now());
    await upload(cookie, 'business_license', 'first.pdf', samplePdf());
    const [firstKey] = (await t.app.ctx.storage.list(tempDocumentsPrefix(user.id))).map((e) => e.key).filter((k) => k.endsWith('.pdf'));
    clock = new Date(clock.getTime() + 1000);
    await upload(cookie, 'business_license', 'second.pdf', samplePdf());
    clock = null;
    const keys = (await t.app.ctx.storage.list(tempDocumentsPrefix(user.id))).map((e) => e.key);
    expect(keys.filter((k) => k.endsWith('.pdf'))).toHaveLength(1);
    expect(keys).not.toContain(firstKey);
    expect((await list(cookie)).json().items).toMatchObject([{ fileName: 'second.pdf' }]);

    const del = await authedInject(t, cookie, { method: 'DELETE', url: '/api/business/documents/business_license' });
    expect(del.statusCode).toBe(204);
    expect(await t.app.ctx.storage.list(tempDocumentsPrefix(user.id))).toHaveLength(0);
  });

  it('once the business exists, an upload replaces the entry in its list and deletes the old object', async () => {
    const { user, cookie } = await signedInUser({ userType: 'business' });
    const business = await createBusiness(t.database.db, { ownerId: user.id, verificationStatus: 'pending' });
    const first = await upload(cookie, 'tax_registration', 'old.pdf', samplePdf());
    expect(first.json().downloadUrl).toBe(`/api/business/documents/${business.id}/tax_registration/download`);
    const [before] = await t.database.db.select().from(businesses).where(eq(businesses.id, business.id));
    const oldKey = before!.verificationDocuments[0]!.url;
    expect(oldKey.startsWith(`${business.id}/documents/tax_registration_`)).toBe(true);

    clock = new Date(Date.now() + 5000);
    await upload(cookie, 'tax_registration', 'new.pdf', samplePdf());
    clock = null;
    const [after] = await t.database.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(after!.verificationDocuments).toHaveLength(1);
    expect(after!.verificationDocuments[0]).toMatchObject({ type: 'tax_registration', fileName: 'new.pdf' });
    expect(await t.app.ctx.storage.exists(oldKey)).toBe(false);
    expect(await t.app.ctx.storage.exists(after!.verificationDocuments[0]!.url)).toBe(true);

    await authedInject(t, cookie, { method: 'DELETE', url: '/api/business/documents/tax_registration' });
    const [gone] = await t.database.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(gone!.verificationDocuments).toEqual([]);
    expect(await t.app.ctx.storage.exists(after!.verificationDocuments[0]!.url)).toBe(false);
  });

  describe('private download', () => {
    async function businessWithDocument() {
      const owner = await signedInUser({ userType: 'business' });
      const business = await createBusiness(t.database.db, { ownerId: owner.user.id, verificationStatus: 'pending' });
      await upload(owner.cookie, 'business_license', 'Licència «café».pdf', samplePdf());
      return { owner, business, url: `/api/business/documents/${business.id}/business_license/download` };
    }

    it('the owner gets it as an attachment, never cached or sniffed', async () => {
      const { owner, url } = await businessWithDocument();
      const res = await authedInject(t, owner.cookie, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Licencia cafe.pdf"; filename\*=UTF-8''/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('an admin gets it', async () => {
      const { url } = await businessWithDocument();
      const admin = await signedInUser({ role: 'admin' });
      expect((await authedInject(t, admin.cookie, { method: 'GET', url })).statusCode).toBe(200);
    });

    it('another business owner and a consumer get 404, anonymous 401', async () => {
      const { url } = await businessWithDocument();
      const otherOwner = await signedInUser({ userType: 'business' });
      await createBusiness(t.database.db, { ownerId: otherOwner.user.id });
      const consumer = await signedInUser();
      const a = await authedInject(t, otherOwner.cookie, { method: 'GET', url });
      const b = await authedInject(t, consumer.cookie, { method: 'GET', url });
      const c = await authedInject(t, null, { method: 'GET', url });
      expect(a.statusCode).toBe(404);
      expect(b.statusCode).toBe(404);
      expect(c.statusCode).toBe(401);
      for (const r of [a, b, c]) expect(r.body).not.toContain('%PDF');
    });

    it('an unknown business or a malformed id is 404 as well', async () => {
      const { owner } = await businessWithDocument();
      const res = await authedInject(t, owner.cookie, { method: 'GET', url: '/api/business/documents/not-a-uuid/business_license/download' });
      expect(res.statusCode).toBe(404);
    });
  });

  it('the clean-up removes temporary uploads older than 24 hours and keeps newer ones', async () => {
    const { user, cookie } = await signedInUser();
    await upload(cookie, 'business_license', 'old.pdf', samplePdf());
    const prefix = tempDocumentsPrefix(user.id);
    expect((await t.app.ctx.storage.list(prefix)).length).toBeGreaterThan(0);

    const removedNow = await cleanUpTempUploads({ storage: t.app.ctx.storage, now: () => new Date(Date.now() + 23 * 3600_000) });
    expect(removedNow).toBe(0);
    const removedLater = await cleanUpTempUploads({ storage: t.app.ctx.storage, now: () => new Date(Date.now() + 25 * 3600_000) });
    expect(removedLater).toBeGreaterThan(0);
    expect(await t.app.ctx.storage.list(prefix)).toHaveLength(0);
  });
});
