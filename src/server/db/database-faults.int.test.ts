import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createBusiness, createGift, createUser } from '../testing/factories';
import { authedInject, signIn as signInAs, TEST_PASSWORD } from '../testing/auth-helpers';
import { startDatabaseProxy } from '../testing/database-proxy';
import { createScratchDatabase, waitFor } from '../testing/server-process';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDatabaseKind } from '../testing/test-database';
import { openDatabase } from './client';

/**
 * ADR 056: a PostgreSQL server restart, a failover or a pooler closing idle
 * connections used to end the process (an unhandled 'error' on the pool), and a stalled
 * network held requests for as long as it lasted. Each test gets its own database (its
 * connections are the ones broken) and a real app on it. PostgreSQL only: PGlite runs in
 * the process and has no connection to lose.
 */
describe.runIf(testDatabaseKind() === 'postgresql')('PostgreSQL connections lost or stalled', () => {
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const cleanup: (() => Promise<void>)[] = [];
  // Closing three apps and dropping their databases: seconds alone, longer beside a full run's
  // other PostgreSQL suites creating and dropping theirs.
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  }, 180_000);

  /** A migrated scratch database with a shop, a gift and a user to sign in. */
  async function scratchApp(prefix: string, url?: (scratchUrl: string) => Promise<string>, timeouts: { connectTimeoutMs?: number; statementTimeoutMs?: number } = {}) {
    const scratch = await createScratchDatabase(baseUrl, prefix);
    cleanup.push(() => scratch.drop());
    const setup = await openDatabase({ kind: 'postgresql', url: scratch.url }, { poolSize: 1 });
    await setup.migrate();
    const owner = await createUser(setup.db, { userType: 'business' });
    const business = await createBusiness(setup.db, { ownerId: owner.id });
    await createGift(setup.db, { businessId: business.id, price: 2500 });
    const user = await createUser(setup.db, { email: `fault-${Date.now()}@example.test`, password: TEST_PASSWORD });
    await setup.close();
    const database = await openDatabase({ kind: 'postgresql', url: url ? await url(scratch.url) : scratch.url, ...timeouts }, { poolSize: 5 });
    const errors: Error[] = [];
    const t = await createTestApp({ database });
    // After buildApp: the app set its own listener; this test's collects them instead.
    database.onConnectionError((error) => errors.push(error));
    cleanup.push(async () => {
      await t.close();
      await database.close();
    });
    const { cookie } = await signInAs(t, { email: user.email, password: TEST_PASSWORD });
    const catalogue = () => authedInject(t, cookie, { method: 'GET', url: '/api/catalog/gifts' });
    return { t, database, user, catalogue, databaseName: new URL(scratch.url).pathname.slice(1), errors };
  }

  const signIn = (t: TestApp, email: string) =>
    authedInject(t, null, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: TEST_PASSWORD } });

  async function terminateBackends(databaseName: string): Promise<number> {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      const result = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName]);
      return result.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it('stays up when every backend is terminated while requests run; new requests succeed within seconds', async () => {
    const { t, user, catalogue, databaseName, errors } = await scratchApp('regalo_fault_kill');
    // Warm the pool, so idle connections are there to be killed (the case that crashed).
    expect((await Promise.all([catalogue(), catalogue(), catalogue()])).map((r) => r.statusCode)).toEqual([200, 200, 200]);

    const answers: { status: number; code?: string }[] = [];
    let running = true;
    const load = async () => {
      for (let i = 0; running; i++) {
        const res = i % 3 === 0 ? await signIn(t, user.email) : await catalogue();
        answers.push({ status: res.statusCode, code: res.statusCode >= 500 ? problemCode(res.body) : undefined });
      }
    };
    const clients = Array.from({ length: 6 }, load);
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      const before = answers.length;
      await waitFor(() => answers.length, (n) => n >= before + 10, 20_000, 10);
      terminated += await terminateBackends(databaseName);
    }
    running = false;
    await Promise.all(clients);

    expect(terminated).toBeGreaterThan(0);
    // In flight: an answer or a clean 503 database_unavailable, never a 500 or a hang.
    for (const answer of answers) {
      if (answer.status !== 200) expect(answer).toEqual({ status: 503, code: 'database_unavailable' });
    }
    // Idle connections' errors were reported to the listener, not thrown.
    expect(errors.length).toBeGreaterThan(0);
    // And after it, everything answers again at once.
    const started = Date.now();
    await waitFor(() => catalogue().then((r) => r.statusCode), (status) => status === 200, 5000, 50);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await signIn(t, user.email)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('gives a transaction’s connection back when its BEGIN fails, so the pool is not emptied by a stall', async () => {
    const proxy = await startDatabaseProxy(new URL(baseUrl));
    cleanup.push(() => proxy.close());
    const scratch = await createScratchDatabase(baseUrl, 'regalo_fault_begin');
    cleanup.push(() => scratch.drop());
    const url = new URL(scratch.url);
    url.host = `127.0.0.1:${proxy.port}`;
    // One connection: a single one kept borrowed would leave nothing for the next transaction.
    const database = await openDatabase({ kind: 'postgresql', url: url.toString(), connectTimeoutMs: 1000, statementTimeoutMs: 500 }, { poolSize: 1 });
    database.onConnectionError(() => undefined);
    cleanup.push(() => database.close());
    const one = () => database.db.transaction(async (tx) => ((await tx.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows);
    expect(await one()).toEqual([{ one: 1 }]);

    proxy.stall();
    // BEGIN itself gets no answer: the client-side bound fails it.
    await expect(one()).rejects.toThrow();
    proxy.flow();
    // The connection came back to the pool (and, broken, was replaced): the next one runs.
    await waitFor(() => one().then(() => 'ok', (error: Error) => error.message), (outcome) => outcome === 'ok', 10_000, 100);
  });

  it('answers 503 after the statement timeout, not a hang, while the connection is stalled; recovers when it flows again', async () => {
    const proxy = await startDatabaseProxy(new URL(baseUrl));
    cleanup.push(() => proxy.close());
    const { t, user, catalogue } = await scratchApp('regalo_fault_stall', async (scratchUrl) => {
      const url = new URL(scratchUrl);
      url.host = `127.0.0.1:${proxy.port}`;
      return url.toString();
    }, { connectTimeoutMs: 1000, statementTimeoutMs: 1000 });
    expect((await catalogue()).statusCode).toBe(200);

    proxy.stall();
    const started = Date.now();
    const stalled = await Promise.all([catalogue(), catalogue(), signIn(t, user.email)]);
    const elapsed = Date.now() - started;
    for (const res of stalled) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'database_unavailable' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // 1 s statement bound + 1 s client margin; a transaction's rollback may wait once more.
    expect(elapsed).toBeLessThan(6000);
    // A recipient's link gets a page saying so, not problem+json.
    const page = await t.app.inject({ method: 'GET', url: `/g/${'a'.repeat(43)}`, headers: { 'accept-language': 'es' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('No disponible un momento');
    // A new connection through the stalled path: the connect bound, then 503 as well.
    const connectStarted = Date.now();
    expect((await catalogue()).statusCode).toBe(503);
    expect(Date.now() - connectStarted).toBeLessThan(4000);

    proxy.flow();
    await waitFor(() => catalogue().then((r) => r.statusCode), (status) => status === 200, 5000, 50);
    expect((await signIn(t, user.email)).statusCode).toBe(200);
  });
});

/** The problem's code, or the body itself when it is not problem+json (to show in a failure). */
function problemCode(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { code?: string } | null)?.code ?? body;
  } catch {
    return body;
  }
}
