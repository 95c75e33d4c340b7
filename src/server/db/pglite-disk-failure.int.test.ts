import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, waitFor, type ServerProcess } from '../testing/server-process';
import { createTestApp } from '../testing/test-app';
import { copyPgliteToFolder, getTestDatabase, testDatabaseKind } from '../testing/test-database';
import { RECENT_DISK_SYNC_MS } from '../features/health/check-dependencies';
import { openDatabase } from './client';

/**
 * ADR 056: a data directory that turns read-only under PGlite made the main
 * thread spin (health silent, SIGTERM ignored); the restart then failed on an empty
 * `postmaster.pid`, and a read-only folder at start said "PGlite failed to initialize
 * properly". We run as root, so permissions do not stop writes: `chattr +i` (immutable)
 * does. PGlite only: PostgreSQL's own server owns its disk.
 */
describe.runIf(testDatabaseKind() === 'pglite')('PGlite over a failing disk', () => {
  const immutable: string[] = [];
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const folder of immutable) execFileSync('chattr', ['-R', '-i', folder]);
    for (const step of cleanup.reverse()) await step();
  });
  const freeze = (folder: string) => {
    execFileSync('chattr', ['-R', '+i', folder]);
    immutable.push(folder);
  };
  const thaw = (folder: string) => {
    execFileSync('chattr', ['-R', '-i', folder]);
    immutable.splice(immutable.indexOf(folder), 1);
  };

  it('answers 503 at once once a write fails at the disk, instead of spinning, and says the database is lost', async () => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'regalo-disk-')), 'pglite');
    await copyPgliteToFolder(await getTestDatabase(), folder);
    const database = await openDatabase({ kind: 'pglite', dataDir: folder });
    const lost: Error[] = [];
    database.onLost((error) => lost.push(error));
    const t = await createTestApp({ database });
    cleanup.push(async () => {
      await t.close();
      await database.close();
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    freeze(folder);
    // Health's committed write fails at the disk: 503, and the instance is not entered again.
    // (Until then the last commit synced to disk stands as proof, for a few seconds.)
    const health = await waitFor(() => t.app.inject({ method: 'GET', url: '/api/health' }), (res) => res.statusCode !== 200, RECENT_DISK_SYNC_MS + 10_000, 200);
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', reason: 'database_cannot_write', checks: { database: { status: 'degraded' } } });
    expect(lost).toHaveLength(1);
    // Every later request answers at once (the event loop is free), as database_unavailable.
    const started = Date.now();
    const again = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(again.statusCode).toBe(503);
    const page = await t.app.inject({ method: 'GET', url: `/g/${'b'.repeat(43)}` });
    expect(page.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(3000);
    thaw(folder);
    // Copying and opening a PGlite folder compiles its WASM: seconds on a busy machine.
  }, 120_000);

  it('names the folder when it cannot be written at start, starts over an empty postmaster.pid of a dead process, and exits by itself when the disk fails', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-disk-'));
    const folder = path.join(dataDir, 'pglite');
    await copyPgliteToFolder(await getTestDatabase(), folder);
    const env = { DATA_DIR: dataDir, AUTH_SECRET: 'disk-failure-secret-disk-failure-secret', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', RATE_LIMIT: 'off' };
    let server: ServerProcess | undefined;
    cleanup.push(async () => server?.kill());

    // A read-only folder: a clear message naming it, and a prompt exit.
    freeze(folder);
    const refused = await startServerProcess(env).then(
      () => 'listened',
      (error: Error) => error.message,
    );
    thaw(folder);
    expect(refused).toContain(`the database folder ${folder} is not writable`);

    // What a crash while the disk failed leaves: an empty postmaster.pid, and our lock
    // naming a process that no longer runs.
    writeFileSync(path.join(folder, 'postmaster.pid'), '');
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(`${folder}.lock`, `${gone}\n`);
    server = await startServerProcess(env);
    expect(server.output.text).toContain('stale');
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);

    // The disk fails under the running server: health says so, the process exits (1) by itself.
    freeze(folder);
    const running = server;
    const exited = new Promise<number | null>((resolve) => running.child.once('exit', (code) => resolve(code)));
    const health = await waitFor(() => fetch(`${running.origin}/api/health`).then((res) => res.status, () => 'closed'), (answer) => answer !== 200, RECENT_DISK_SYNC_MS + 10_000, 200);
    expect([503, 'closed']).toContain(health);
    const started = Date.now();
    expect(await exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(16_000);
    expect(running.output.text).toContain('the database stopped after a disk failure');
    thaw(folder);

    // And it starts again on the same folder once the disk is back.
    server = await startServerProcess(env);
    await waitFor(() => fetch(`${server!.origin}/api/health`).then((res) => res.status), (status) => status === 200, 10_000);
    await server.stop();
  }, 180_000);
});
