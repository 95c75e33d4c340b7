import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '@shared/contracts/operator';
import { createPglite } from './db/client';
import { productionOperatorEnv } from './testing/operator-env';
import { freePort, serverBundle } from './testing/server-process';
import { testDatabaseKind } from './testing/test-database';

/** The real entry point in its own process: start, serve, and stop on SIGTERM. */
function waitForOutput(child: ChildProcess, output: { text: string }, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (pattern.test(output.text)) {
        child.stdout?.off('data', check);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before ${pattern}:\n${output.text}`)));
    check();
  });
}

/**
 * The entry point opens its own embedded database here (DATABASE_URL is removed), so the
 * file runs once, in the PGlite project: in the PostgreSQL project it would repeat the same
 * three starts. Starting on PostgreSQL is covered by scale-out.int.test.ts and
 * crash-safety.int.test.ts. It runs the server as `npm run build` bundles it (what `npm start`
 * runs), built once per test process from the working tree.
 */
describe.runIf(testDatabaseKind() === 'pglite')('npm start (src/server/main.ts)', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('finishes in-flight requests on SIGTERM, closes the database and exits 0', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-main-'));
    const origin = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // This is about a graceful stop: on a busy machine the load shedder would answer 503
      // (it has its own tests in platform/load-shedding.int.test.ts).
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    };
    delete env.DATABASE_URL;
    child = spawn(process.execPath, [await serverBundle()], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = { text: '' };
    child.stdout!.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    await waitForOutput(child, output, /Regalo is listening/);

    // A request whose body is only half sent when the signal arrives.
    const body = JSON.stringify({ name: 'Ana' });
    let sendRestOfBody = () => {};
    const response = new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${origin}/api/contacts`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 5));
      sendRestOfBody = () => req.end(body.slice(5));
    });
    await waitForOutput(child, output, /"url":"\/api\/contacts"/);

    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await waitForOutput(child, output, /shutting down/);
    sendRestOfBody();

    // The handler ran to the end (401: nobody is signed in) instead of the connection dying.
    expect(await response).toBe(401);
    expect(await exited).toBe(0);
    expect(output.text).toMatch(/database closed/);

    // Closed cleanly: the embedded database opens again and has the migrated schema.
    const reopened = await createPglite(path.join(dataDir, 'pglite'));
    const tables = await reopened.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'users'",
    );
    expect(tables.rows[0]!.n).toBe(1);
    await reopened.close();
  }, 90_000);

  it('refuses to start in production with the demo operator identity: exit code 78, each setting named', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-main-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENTS_PROVIDER: 'test',
      PAYMENTS_ALLOW_TEST: 'true',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      // The real ones for all but two, so the message names exactly those.
      ...productionOperatorEnv,
      OPERATOR_NAME: DEMO_OPERATOR.name,
      PRIVACY_EMAIL: DEMO_OPERATOR.privacyEmail,
    };
    delete env.DATABASE_URL;
    child = spawn(process.execPath, [await serverBundle()], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child!.once('exit', resolve));
    expect(code).toBe(78);
    expect(stderr).toContain('Regalo cannot start');
    expect(stderr).toContain('OPERATOR_NAME still has its demo value');
    expect(stderr).toContain('PRIVACY_EMAIL still has its demo value');
    expect(stderr).not.toContain('OPERATOR_TAX_ID');
    expect(stderr).not.toContain('SUPPORT_EMAIL');
  }, 60_000);

  it('starts in production with VERIFACTU_DRIVER=off (the default) but warns that no record reaches the AEAT', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENTS_PROVIDER: 'test',
      PAYMENTS_ALLOW_TEST: 'true',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'regalo-main-')),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      ...productionOperatorEnv,
    };
    delete env.DATABASE_URL;
    delete env.VERIFACTU_DRIVER;
    child = spawn(process.execPath, [await serverBundle()], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = { text: '' };
    child.stdout!.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    await waitForOutput(child, output, /Regalo is listening/);
    const warning = output.text.split('\n').find((line) => line.includes('VERIFACTU_DRIVER=off in production'));
    expect(warning, output.text).toBeDefined();
    expect(JSON.parse(warning!)).toMatchObject({ level: 40 });
    child.kill('SIGTERM');
  }, 90_000);
});
