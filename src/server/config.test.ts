import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'regalo-config-'));

function issuesOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('runs a complete app on embedded defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    expect(config.storage).toEqual({ driver: 'local', dir: path.join(dir, 'files') });
    expect(config.payments).toEqual({ provider: 'test' });
    expect(config.google).toBeUndefined();
  });

  it('generates AUTH_SECRET once into DATA_DIR and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  it('switches to PostgreSQL, S3 and Google when configured', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://u@db:5432/regalo',
      S3_BUCKET: 'regalo',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://regalo.example/',
    });
    expect(config.database).toEqual({ kind: 'postgresql', url: 'postgres://u@db:5432/regalo' });
    expect(config.storage).toMatchObject({ driver: 's3', bucket: 'regalo', endpoint: 'http://127.0.0.1:9000' });
    expect(config.google).toMatchObject({ clientId: 'id', clientSecret: 'secret' });
    expect(config.publicUrl).toBe('https://regalo.example');
  });

  it('lists every invalid value with its variable name', () => {
    const issues = issuesOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SMTP_URL: 'http://mail' });
    expect(issues.some((i) => i.startsWith('PORT:'))).toBe(true);
    expect(issues.some((i) => i.startsWith('DATABASE_URL:'))).toBe(true);
    expect(issues.some((i) => i.startsWith('LOG_LEVEL:'))).toBe(true);
    expect(issues.some((i) => i.startsWith('SMTP_URL:'))).toBe(true);
  });

  it('refuses settings that only make sense together', () => {
    expect(issuesOf({ GOOGLE_CLIENT_ID: 'only-the-id' })).toEqual([
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    ]);
    expect(issuesOf({ PAYMENTS_PROVIDER: 'stripe' })).toEqual([
      'PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    ]);
    expect(issuesOf({ NODE_ENV: 'production' })).toEqual([
      'PAYMENTS_PROVIDER must be set in production (test or stripe)',
    ]);
    expect(issuesOf({ AUTH_SECRET: 'short' })[0]).toMatch(/^AUTH_SECRET:/);
  });

  it('takes the test payment provider outside production and refuses it in production unless allowed', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development' }).payments).toEqual({ provider: 'test' });
    expect(issuesOf({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'test' })).toEqual([
      'PAYMENTS_PROVIDER=test takes no money: set PAYMENTS_ALLOW_TEST=true to run it in production',
    ]);
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', PAYMENTS_PROVIDER: 'test', PAYMENTS_ALLOW_TEST: 'true' }).payments,
    ).toEqual({ provider: 'test' });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        NODE_ENV: 'production',
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).payments,
    ).toEqual({ provider: 'stripe', secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiUrl: 'http://127.0.0.1:12111' });
  });
});
