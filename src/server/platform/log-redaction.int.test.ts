import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { users } from '../db/schema/auth';
import { getTestDatabase } from '../testing/test-database';
import type { FastifyInstance } from 'fastify';

const SECRET = 'Zq8xS3cr3tR3d3mpt10nC0d3AbCdEfGhIjKlMnOpQr';

/**
 * ADR 035: logs must never hold query strings (verification tokens), secret
 * path segments (redemption codes, reset tokens) or the parameters of a failed statement.
 */
describe('what the server logs', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    const database = await getTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'regalo-log-')),
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'info',
      // No shedding on a late event loop (a busy machine stalls it); shedding has its own test.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    app = await buildApp({ config, database, webRoot: false, logStream: { write: (line) => lines.push(line) } });
    // A statement that fails with the secret among its parameters, as a failed order insert did.
    app.get('/api/test/failing-insert', async () => {
      const row = { id: `log-${Date.now()}`, name: 'X', email: `${SECRET.toLowerCase()}@example.test` };
      await database.db.insert(users).values(row);
      await database.db.insert(users).values({ ...row, id: `${row.id}-2` });
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('keeps tokens in query strings and secret path segments out of request logs', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${SECRET}&callbackURL=%2Fapp` });
    await app.inject({ method: 'GET', url: `/g/${SECRET}` });
    await app.inject({ method: 'GET', url: `/api/auth/reset-password/${SECRET}?callbackURL=%2Fauth` });
    const logged = lines.join('\n');
    expect(logged).toContain('/api/auth/verify-email?[redacted]');
    expect(logged).toContain('/g/[redacted]');
    expect(logged).not.toContain(SECRET);
  });

  it('keeps the parameters of a failed statement out of the error log', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/test/failing-insert' });
    expect(res.statusCode).toBe(500);
    const logged = lines.join('\n');
    expect(logged).toContain('request failed');
    expect(logged.toLowerCase()).not.toContain(SECRET.toLowerCase());
  });
});
