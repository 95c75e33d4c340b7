import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * The real entry point (src/server/main.ts) in its own process, for tests that need what
 * `inject` cannot give: several servers sharing no memory, or a process killed mid-request.
 */
export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** Everything it wrote (stdout and stderr). */
  output: { text: string };
  /** SIGKILL, then wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), then wait for the exit. */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

let bundle: Promise<string> | undefined;

/**
 * The server as `npm run build` bundles it (server half only, a few seconds): starting the
 * bundle takes a fraction of tsx's time, which matters when a test starts servers over and
 * over. Built from the working tree, so it is never stale, and once per test run: the first
 * worker that needs it builds it in the run's folder (integration-global.ts) while the others
 * wait for its marker, so the build does not land, six times over, inside busy workers' hooks.
 */
export function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    const shared = process.env.VITEST ? (await import('vitest')).inject('testRunDir') : undefined;
    const outDir = shared ?? ownFolder();
    const ready = path.join(outDir, 'bundle-built');
    if (claim(path.join(outDir, 'bundle-lock'))) {
      await promisify(execFile)(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '-c', 'vite.server.config.ts', '--logLevel', 'warn'], {
        env: { ...process.env, REGALO_DIST: outDir },
      });
      writeFileSync(ready, String(process.pid));
    } else {
      await waitFor(() => existsSync(ready), Boolean, 180_000, 200);
    }
    return path.resolve(outDir, 'server', 'main.js');
  })();
  return bundle;
}

/** Outside a Vitest run with the global setup (the load benchmark starts servers too). */
function ownFolder(): string {
  const own = path.join('.test-data', `server-bundle-${process.pid}`);
  process.once('exit', () => rmSync(own, { recursive: true, force: true }));
  return own;
}

/** True for the one process whose `mkdir` of `lock` made it (atomic on every file system). */
function claim(lock: string): boolean {
  mkdirSync(path.dirname(lock), { recursive: true });
  try {
    mkdirSync(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Starts `main.ts` (bundled) with `env` on top of a clean base; resolves once it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'S3_BUCKET', 'S3_ENDPOINT', 'TEST_DB']) delete base[name];
  const child = spawn(process.execPath, [await serverBundle()], {
    // Info level at least: the "listening" line is how we know it is up.
    env: { ...base, NODE_ENV: 'test', HOST: '127.0.0.1', ...env, LOG_LEVEL: 'info', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { text: '' };
  child.stdout!.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (/Regalo is listening/.test(output.text)) {
        child.stdout!.off('data', check);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before listening:\n${output.text}`)));
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { origin: `http://127.0.0.1:${port}`, child, output, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/** A fresh, empty PostgreSQL database next to `baseUrl`'s; returns its URL and a dropper. */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A tiny cookie jar for fetch: what a browser would send back to the same site. */
export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** Polls `read` until `done` says yes (a condition, not a fixed sleep); fails after `ms`. */
export async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export interface CallOptions {
  method?: string;
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Requests to server processes as the web app (or the proxy in front of them) sends
 * them: the public Origin (the CSRF check wants it), a JSON body, a session cookie.
 */
export function processClient(publicUrl: string, headers: Record<string, string> = {}) {
  const call = (server: ServerProcess, pathname: string, init: CallOptions = {}) =>
    fetch(`${server.origin}${pathname}`, {
      method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
      headers: {
        origin: publicUrl,
        ...headers,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
  /** Signs in with email and password; returns the session cookie. */
  const signIn = async (server: ServerProcess, user: { email: string; password: string }) => {
    const res = await call(server, '/api/auth/sign-in/email', { body: { email: user.email, password: user.password } });
    if (res.status !== 200) throw new Error(`sign-in of ${user.email} answered ${res.status}: ${await res.text()}`);
    return cookiesOf(res);
  };
  return { call, signIn };
}
