import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, startServerProcess, waitFor, type ServerProcess } from '../../testing/server-process';
import { copyPgliteToFolder, getTestDatabase, testDatabaseKind } from '../../testing/test-database';

/**
 * The pages a signed link opens — a guest's purchase (`/purchase/<token>`, ADR 075) and a
 * withdrawal form (`/withdraw/link/<token>`, ADR 064) — carry their credential in the address
 * for years: as the gift page, no cache may keep the document and no Referer may carry the
 * address away. Read from the real server (main.ts, bundled, listening on a loopback port),
 * as a browser or a proxy in front of it sees the headers.
 */
describe('documents of signed-link pages, from a listening server', () => {
  let server: ServerProcess;
  const cleanup: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-link-pages-'));
    // A tiny built web app of its own: the suite does not depend on `npm run build`.
    const dist = path.join(dataDir, 'dist');
    mkdirSync(path.join(dist, 'web'), { recursive: true });
    writeFileSync(path.join(dist, 'web', 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    let databaseEnv: Record<string, string> = {};
    if (testDatabaseKind() === 'postgresql') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'regalo_link_pages');
      cleanup.push(() => scratch.drop());
      databaseEnv = { DATABASE_URL: scratch.url };
    } else {
      // The worker's migrated database, copied: a fresh folder would cost a whole initdb.
      await copyPgliteToFolder(await getTestDatabase(), path.join(dataDir, 'pglite'));
    }
    server = await startServerProcess({
      ...databaseEnv,
      DATA_DIR: dataDir,
      REGALO_DIST: dist,
      PUBLIC_URL: 'http://127.0.0.1:8080',
      AUTH_SECRET: `link-pages-${randomUUID()}`,
    });
    cleanup.push(() => server.stop());
    // Listening is not yet serving: on a busy machine the fresh server sheds load (503) while its
    // jobs' first runs finish, and health says so. The pages are read once it serves.
    await waitFor(() => fetch(`${server.origin}/api/health`).then((res) => res.status), (status) => status === 200, 120_000, 200);
    // Alone this takes seconds; in the full run it may wait for the run's one server bundle
    // and start beside five busy workers, as the other listening-server suites allow for.
  }, 300_000);

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  const page = (pathname: string) => fetch(`${server.origin}${pathname}`, { headers: { accept: 'text/html' } });
  const token = `${randomUUID()}~1893456000000~${'A'.repeat(43)}`;

  it.each([`/purchase/${token}`, `/purchase/${token}?lang=es`, `/withdraw/link/${token}`, `/withdraw/link/${token}/`])(
    '%s is served no-store, with no referrer',
    async (pathname) => {
      const res = await page(pathname);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(await res.text()).toContain('<div id="root">');
    },
  );

  it('leaves the other pages of the app as they were: revalidated, the site-wide referrer policy', async () => {
    for (const pathname of ['/app', '/purchase', '/withdraw/some-checkout-id']) {
      const res = await page(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('cache-control'), pathname).toBe('no-cache');
      expect(res.headers.get('referrer-policy'), pathname).toBe('strict-origin-when-cross-origin');
    }
  });
});
