import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authedInject, signIn } from '../../testing/auth-helpers';
import { createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';

/** "Back up now" on the admin dashboard (ADR 094): the platform team only. */
describe('POST /api/admin/backups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const signedIn = async (input: Parameters<typeof createUser>[1]) => {
    const user = await createUser(t.database.db, input);
    return signIn(t, { email: user.email, password: user.password });
  };
  const backupsDir = () => path.join(t.config.dataDir, 'backups');

  it('refuses anonymous callers and signed-in non-admins, and writes nothing', async () => {
    const anonymous = await authedInject(t, null, { method: 'POST', url: '/api/admin/backups' });
    expect(anonymous.statusCode).toBe(401);
    for (const input of [{}, { userType: 'business' as const }]) {
      const { cookie } = await signedIn(input);
      const res = await authedInject(t, cookie, { method: 'POST', url: '/api/admin/backups' });
      expect(res.statusCode).toBe(403);
    }
    expect(existsSync(backupsDir())).toBe(false);
  });

  it('writes a restorable backup folder for an admin', async () => {
    const { cookie } = await signedIn({ role: 'admin' });
    const res = await authedInject(t, cookie, { method: 'POST', url: '/api/admin/backups' });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ folder: string; database: string; databaseBytes: number }>();
    const file = testDatabaseKind() === 'pglite' ? 'pglite.tar.gz' : 'database.pgdump';
    expect(body).toMatchObject({ database: testDatabaseKind() });
    expect(path.dirname(body.folder)).toBe(backupsDir());
    expect(readdirSync(body.folder)).toEqual(expect.arrayContaining([file, 'manifest.json']));
    expect(body.databaseBytes).toBeGreaterThan(1000);
    expect(JSON.parse(readFileSync(path.join(body.folder, 'manifest.json'), 'utf8'))).toMatchObject({ online: true, database: { kind: testDatabaseKind(), file } });
  });
});
