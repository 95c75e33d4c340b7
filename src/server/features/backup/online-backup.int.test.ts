import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { openDatabase } from '../../db/client';
import { line, newKey } from '../../testing/checkout-test-world';
import { createBusiness, createGift, createUser, type CreatedUser } from '../../testing/factories';
import { processClient, startServerProcess, waitFor, type ServerProcess } from '../../testing/server-process';
import { copyPgliteToFolder, getTestDatabase, testDatabaseKind } from '../../testing/test-database';

const run = promisify(execFile);
const PUBLIC_URL = 'http://127.0.0.1:8080';

/**
 * ADR 094: a shop on the embedded database is backed up without closing. `npm run backup`
 * asks the running server (it never opens the folder the server holds), the server dumps
 * between two transactions while checkouts are being paid, and the backup restored into a
 * fresh folder holds every payment confirmed before it was asked for. `npm run restore`
 * refuses the folder while the server holds it, naming the server.
 */
describe.skipIf(testDatabaseKind() === 'postgresql')('online backup of the embedded database', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('backs up while checkouts are paid; the restored copy has every confirmed payment', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-online-backup-'));
    const worker = await getTestDatabase();
    const buyer: CreatedUser = await createUser(worker.db, { email: `online-backup-${randomUUID()}@example.test` });
    const owner = await createUser(worker.db, { userType: 'business' });
    const giftId = (await createGift(worker.db, { businessId: (await createBusiness(worker.db, { ownerId: owner.id })).id, price: 1500 })).id;
    await copyPgliteToFolder(worker, path.join(dataDir, 'pglite'));

    const server: ServerProcess = await startServerProcess({
      DATA_DIR: dataDir,
      AUTH_SECRET: `online-backup-${randomUUID()}`,
      PUBLIC_URL,
      PAYMENTS_PROVIDER: 'test',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      RATE_LIMIT: 'off',
    });
    cleanup.push(() => server.kill());
    const { call, signIn } = processClient(PUBLIC_URL);
    const cookie = await signIn(server, buyer);
    const port = new URL(server.origin).port;

    // Two givers paying one checkout after another until told to stop.
    const confirmed: string[] = [];
    let stop = false;
    const pay = async () => {
      while (!stop) {
        const created = await call(server, '/api/checkouts', { cookie, body: { idempotencyKey: newKey(), lines: [line(giftId)], acceptedTermsVersion: TERMS_VERSION } });
        expect(created.status).toBe(201);
        const { id } = (await created.json()) as { id: string };
        const paid = await call(server, `/api/payments/test/${id}/succeed`, { method: 'POST', cookie });
        expect(paid.status).toBe(200);
        confirmed.push(id);
      }
    };
    const payers = [pay(), pay()];
    await waitFor(() => confirmed.length, (n) => n >= 4, 120_000);

    const before = [...confirmed];
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'regalo-online-backup-out-')), 'nightly');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const backup = await run(process.execPath, ['scripts/backup.mjs', out], { env });
    expect(backup.stdout).toContain(`written by the server with pid ${server.child.pid} listening on 127.0.0.1:${port}`);
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ online: true, database: { kind: 'pglite', file: 'pglite.tar.gz' } });
    // The payments went on during and after the backup.
    await waitFor(() => confirmed.length, (n) => n >= before.length + 2, 120_000);

    // Restoring under the running server is refused, naming it; nothing is touched.
    const refused = await run(process.execPath, ['scripts/restore.mjs', out, '--force'], { env }).then(
      () => '',
      (error: { stderr: string }) => error.stderr,
    );
    expect(refused).toContain(`held by the server with pid ${server.child.pid} listening on 127.0.0.1:${port}`);
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);

    stop = true;
    await Promise.all(payers);
    await server.stop();

    const fresh = mkdtempSync(path.join(tmpdir(), 'regalo-online-restore-'));
    await run(process.execPath, ['scripts/restore.mjs', out], { env: { ...env, DATA_DIR: fresh } });
    const restored = await openDatabase({ kind: 'pglite', dataDir: path.join(fresh, 'pglite') });
    try {
      const rows = (await restored.db.execute(sql`select c.id, c.status,
          (select count(*) from orders o where o.checkout_id = c.id and o.status = 'paid')::int as paid_orders
        from checkouts c`)) as unknown as { rows: { id: string; status: string; paid_orders: number }[] };
      const byId = new Map(rows.rows.map((row) => [row.id, row]));
      for (const id of before) expect(byId.get(id), id).toMatchObject({ status: 'succeeded', paid_orders: 1 });
      // No payment in the copy is half recorded: a succeeded checkout has its paid order.
      for (const row of rows.rows) if (row.status === 'succeeded') expect(row.paid_orders, row.id).toBe(1);
    } finally {
      await restored.close();
    }
  }, 300_000);
});
