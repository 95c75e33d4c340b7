import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { getTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real server (every route, hook and plugin) on the worker's test database, without
 * listening: tests call `app.inject`. `env` overrides configuration as the environment would.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    now?: () => Date;
    webRoot?: string;
    /** Adds test-only routes (e.g. one that holds its answer) before the app is ready. */
    extend?: (app: FastifyInstance) => void;
    /** One the test opened itself (a fault test that breaks its connections). */
    database?: DatabaseHandle;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await getTestDatabase());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'off',
    // The tests read mail from the dev mailbox; forced, as some tests use a public PUBLIC_URL
    // (inject never listens, so nothing is published).
    DEV_TOOLS: 'force',
    // No shedding on a late event loop (PGlite's WASM and a busy machine stall it): tests of
    // other features would get stray 503s. platform/load-shedding.int.test.ts turns it on.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  const app = await buildApp({ config, database, webRoot: options.webRoot ?? false, now: options.now, logger: false });
  options.extend?.(app);
  await app.ready();
  return { app, database, config, close: () => app.close() };
}
