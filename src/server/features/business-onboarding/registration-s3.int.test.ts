import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authedInject, signIn } from '../../testing/auth-helpers';
import { createUser, createValidCif } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { multipart, samplePdf, samplePng } from '../../testing/upload-files';
import { tempDocumentsPrefix } from '../../domain/documents/document-files';

// The same journey on the S3 driver (s3rver): temp listing, copy on adoption, private
// download and public images must not depend on local-disk behaviour.
describe('onboarding files on S3-compatible storage', () => {
  let server: S3rver;
  let t: TestApp;
  beforeAll(async () => {
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: mkdtempSync(path.join(tmpdir(), 'regalo-s3rver-')) });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    const admin = new S3Client({ endpoint, region: 'eu-south-2', forcePathStyle: true, credentials });
    await admin.send(new CreateBucketCommand({ Bucket: 'regalo-onboarding' }));
    admin.destroy();
    t = await createTestApp({
      env: { S3_ENDPOINT: endpoint, S3_BUCKET: 'regalo-onboarding', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('uploads, registers, downloads and sets the image', async () => {
    expect(t.app.ctx.storage.driver).toBe('s3');
    const user = await createUser(t.database.db, { userType: 'business' });
    const { cookie } = await signIn(t, { email: user.email, password: user.password });
    const send = (url: string, parts: Parameters<typeof multipart>[0]) => {
      const body = multipart(parts);
      return authedInject(t, cookie, { method: 'POST', url, payload: body.payload, headers: body.headers });
    };
    for (const type of ['business_license', 'tax_registration', 'articles_incorporation']) {
      const res = await send('/api/business/documents', [
        { name: 'type', value: type },
        { name: 'file', fileName: `${type}.pdf`, contentType: 'application/pdf', data: samplePdf() },
      ]);
      expect(res.statusCode).toBe(201);
    }
    const reg = await authedInject(t, cookie, {
      method: 'POST',
      url: '/api/business/registration',
      payload: { businessName: 'Nube', category: 'services', address: 'Carrer 2', taxId: createValidCif(77), businessType: 'company', legalName: 'Nube S.L.', fiscalAddress: 'Carrer 2', district: 'benimaclet', commissionAccepted: true },
    });
    expect(reg.statusCode).toBe(201);
    expect(await t.app.ctx.storage.list(tempDocumentsPrefix(user.id))).toHaveLength(0);

    const list = (await authedInject(t, cookie, { method: 'GET', url: '/api/business/documents' })).json() as { items: { downloadUrl: string }[] };
    expect(list.items).toHaveLength(3);
    const download = await authedInject(t, cookie, { method: 'GET', url: list.items[0]!.downloadUrl });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const image = await send('/api/business/image', [{ name: 'file', fileName: 'a.png', contentType: 'image/png', data: await samplePng(30, 30) }]);
    expect(image.statusCode).toBe(200);
    const pub = await t.app.inject({ method: 'GET', url: image.json().imageUrl as string });
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['content-type']).toBe('image/webp');
  });
});
