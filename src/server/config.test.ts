import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '@shared/contracts/operator';
import { ConfigError, configWarnings, loadConfig } from './config';
import { createVerifactuSender, verifactuSystemInfo } from './platform/verifactu/create-verifactu-sender';
import { createTestCertificates, type TestCertificates } from './testing/test-certificates';
import { productionOperatorEnv } from './testing/operator-env';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'regalo-config-'));

function issuesOf(env: Record<string, string>, now?: Date): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env }, now);
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
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.join(dir, 'pglite'), fsync: true });
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
    expect(config.database).toEqual({ kind: 'postgresql', url: 'postgres://u@db:5432/regalo', connectTimeoutMs: 5000, statementTimeoutMs: 10_000 });
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
    expect(issuesOf({ NODE_ENV: 'production', ...productionOperatorEnv })).toEqual([
      'PAYMENTS_PROVIDER must be set in production (test or stripe)',
    ]);
    expect(issuesOf({ AUTH_SECRET: 'short' })[0]).toMatch(/^AUTH_SECRET:/);
  });

  it('runs the embedded database with fsync unless told otherwise, and refuses real payments without it in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).database).toMatchObject({ kind: 'pglite', fsync: true });
    expect(loadConfig({ DATA_DIR: dataDir(), PGLITE_FSYNC: 'off' }).database).toMatchObject({ kind: 'pglite', fsync: false });
    const stripe = { NODE_ENV: 'production', ...productionOperatorEnv, PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(issuesOf({ ...stripe, PGLITE_FSYNC: 'off' })).toEqual([
      'PGLITE_FSYNC=off loses confirmed payments when the machine crashes: refused with PAYMENTS_PROVIDER=stripe in production',
    ]);
    expect(issuesOf(stripe)).toEqual([]);
    expect(issuesOf({ ...stripe, PGLITE_FSYNC: 'off', DATABASE_URL: 'postgres://u@db:5432/regalo' })).toEqual([]);
  });

  it('takes the test payment provider outside production and refuses it in production unless allowed', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development' }).payments).toEqual({ provider: 'test' });
    expect(issuesOf({ NODE_ENV: 'production', ...productionOperatorEnv, PAYMENTS_PROVIDER: 'test' })).toEqual([
      'PAYMENTS_PROVIDER=test takes no money: set PAYMENTS_ALLOW_TEST=true to run it in production',
    ]);
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', ...productionOperatorEnv, PAYMENTS_PROVIDER: 'test', PAYMENTS_ALLOW_TEST: 'true' }).payments,
    ).toEqual({ provider: 'test' });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        NODE_ENV: 'production',
        ...productionOperatorEnv,
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).payments,
    ).toEqual({ provider: 'stripe', secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiUrl: 'http://127.0.0.1:12111' });
  });

  it('refuses the demo operator identity in production, naming each setting still on its demo value', () => {
    const production = { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'test', PAYMENTS_ALLOW_TEST: 'true' };
    const demoNamed = (issues: string[]) => issues.map((issue) => issue.split(' ')[0]);
    expect(demoNamed(issuesOf(production))).toEqual([
      'OPERATOR_NAME',
      'OPERATOR_ADDRESS',
      'OPERATOR_TAX_ID',
      'OPERATOR_REGISTRY',
      'SUPPORT_EMAIL',
      'PRIVACY_EMAIL',
    ]);
    // Each one on its own: the real values of the others do not hide it.
    const { SUPPORT_EMAIL: _support, ...allButSupport } = productionOperatorEnv;
    expect(issuesOf({ ...production, ...allButSupport })).toEqual([
      `SUPPORT_EMAIL still has its demo value (${DEMO_OPERATOR.supportEmail}): set the operator's real one in production`,
    ]);
    expect(demoNamed(issuesOf({ ...production, ...productionOperatorEnv, OPERATOR_REGISTRY: DEMO_OPERATOR.registry }))).toEqual([
      'OPERATOR_REGISTRY',
    ]);
    expect(loadConfig({ DATA_DIR: dataDir(), ...production, ...productionOperatorEnv }).operator).toEqual({
      name: productionOperatorEnv.OPERATOR_NAME,
      address: productionOperatorEnv.OPERATOR_ADDRESS,
      taxId: productionOperatorEnv.OPERATOR_TAX_ID,
      registry: productionOperatorEnv.OPERATOR_REGISTRY,
      supportEmail: productionOperatorEnv.SUPPORT_EMAIL,
      privacyEmail: productionOperatorEnv.PRIVACY_EMAIL,
    });
    // Outside production the demo identity is the point (npm run demo, the tests).
    expect(loadConfig({ DATA_DIR: dataDir() }).operator).toEqual(DEMO_OPERATOR);
  });

  it('refuses to start in production without the public holidays of the coming month, and guesses nothing (ADR 083)', () => {
    const production = { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'test', PAYMENTS_ALLOW_TEST: 'true', ...productionOperatorEnv };
    expect(issuesOf(production, new Date('2027-11-30T10:00:00Z'))).toEqual([]);
    // From 1 Dec 2027 a deadline set now may end in 2028, whose lists are not in the calendar.
    expect(issuesOf(production, new Date('2027-12-01T10:00:00Z'))).toEqual([
      "the working-day calendar has no public holidays for 2028: add the year's national (BOE) and Comunitat Valenciana (DOGV) lists to src/shared/domain/working-days.ts (ADR 083)",
    ]);
    expect(issuesOf(production, new Date('2024-06-01T10:00:00Z'))[0]).toMatch(/no public holidays for 2024:/);
    // Outside production a year without data follows the plain rule instead.
    expect(issuesOf({}, new Date('2030-06-01T10:00:00Z'))).toEqual([]);
  });

  it('binds to loopback and keeps the dev tools off by default (a plain npm start publishes nothing)', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.host).toBe('127.0.0.1');
    expect(config.devTools).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0' }).devTools).toBe(false);
  });

  it('turns the dev tools on only on loopback, unless forced', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_TOOLS: 'on' }).devTools).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_TOOLS: 'on', PUBLIC_URL: 'http://127.0.0.1:3100' }).devTools).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_TOOLS: 'on', PUBLIC_URL: 'http://[::1]:3100', HOST: '::1' }).devTools).toBe(true);
    expect(issuesOf({ DEV_TOOLS: 'on', PUBLIC_URL: 'https://regalo.example' })).toEqual([
      'DEV_TOOLS=on needs a loopback PUBLIC_URL (localhost, 127.0.0.1, ::1); use DEV_TOOLS=force to override',
    ]);
    expect(issuesOf({ DEV_TOOLS: 'on', PUBLIC_URL: 'http://127.0.0.1.evil.example' })).toHaveLength(1);
    expect(issuesOf({ DEV_TOOLS: 'on', HOST: '0.0.0.0' })).toEqual([
      'DEV_TOOLS=on needs a loopback HOST (127.0.0.1, ::1, localhost); use DEV_TOOLS=force to override',
    ]);
    expect(issuesOf({ DEV_TOOLS: 'on', NODE_ENV: 'production', ...productionOperatorEnv, PAYMENTS_PROVIDER: 'test', PAYMENTS_ALLOW_TEST: 'true' })).toHaveLength(1);
    expect(issuesOf({ DEV_TOOLS: 'yes' })[0]).toMatch(/^DEV_TOOLS:/);
    const forced = loadConfig({ DATA_DIR: dataDir(), DEV_TOOLS: 'force', PUBLIC_URL: 'https://staging.regalo.example', HOST: '0.0.0.0' });
    expect(forced.devTools).toBe(true);
  });

  it('trusts a proxy by hop count or address list, never every hop', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8, 192.168.1.4 ,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      '::1',
      'loopback',
    ]);
    expect(issuesOf({ TRUST_PROXY: 'true' })[0]).toMatch(/^TRUST_PROXY: true would trust every hop/);
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', 'fe80::/129', '10.0.0.1/8/1', '11']) {
      expect(issuesOf({ TRUST_PROXY: bad }), bad).toHaveLength(1);
    }
  });

  it('keeps rate-limit counters in Redis only when REDIS_URL is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).redisUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(issuesOf({ REDIS_URL: 'http://cache' })[0]).toMatch(/^REDIS_URL:/);
  });

  it('times out slow and idle clients by default, and refuses a headers timeout longer than the request timeout', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).http).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 10_000 });
    expect(loadConfig({ DATA_DIR: dataDir(), HTTP_REQUEST_TIMEOUT_MS: '120000' }).http.requestTimeoutMs).toBe(120_000);
    expect(issuesOf({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '15000' })).toEqual([
      'HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    ]);
    // 0 would mean "never" to Node: exactly the hole (ADR 036).
    expect(issuesOf({ HTTP_REQUEST_TIMEOUT_MS: '0' })[0]).toMatch(/^HTTP_REQUEST_TIMEOUT_MS:/);
  });
});

let certificates: TestCertificates;
beforeAll(() => {
  certificates = createTestCertificates();
});

describe('VERI*FACTU settings', () => {
  it('send nothing by default', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.verifactu).toEqual({ driver: 'off' });
    const sender = createVerifactuSender(config);
    expect(sender.driver).toBe('off');
  });

  it('warn (without refusing) when production runs with the default off, so no record reaches the AEAT unnoticed', () => {
    const production = { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'test', PAYMENTS_ALLOW_TEST: 'true', ...productionOperatorEnv };
    // The wallets' warnings (ADR 107) are tested with their settings.
    const verifactuOnly = (warnings: string[]) => warnings.filter((w) => w.includes('VERIFACTU'));
    const [warning, ...others] = verifactuOnly(configWarnings(loadConfig({ DATA_DIR: dataDir(), ...production })));
    expect(others).toEqual([]);
    expect(warning).toMatch(/^VERIFACTU_DRIVER=off in production: .* none is sent to the AEAT\. Set VERIFACTU_DRIVER=aeat/);
    // Outside production `off` is the normal development and demo setting; a sending driver is never warned about.
    expect(configWarnings(loadConfig({ DATA_DIR: dataDir() }))).toEqual([]);
    expect(verifactuOnly(configWarnings({ env: 'production', verifactu: { driver: 'aeat', certFile: 'x.p12', certPassword: 'x' }, wallet: {} }))).toEqual([]);
  });

  it('refuse a sending driver without a certificate, with a message that says what to set', () => {
    expect(issuesOf({ VERIFACTU_DRIVER: 'aeat' })).toEqual([
      "VERIFACTU_DRIVER=aeat needs VERIFACTU_CERT_FILE (the operator's PKCS#12 certificate, .p12 or .pfx) and VERIFACTU_CERT_PASSWORD",
    ]);
    expect(issuesOf({ VERIFACTU_DRIVER: 'aeat-test', VERIFACTU_CERT_FILE: certificates.clientP12File })).toEqual([
      'VERIFACTU_DRIVER=aeat-test needs VERIFACTU_CERT_PASSWORD (the password of VERIFACTU_CERT_FILE)',
    ]);
    expect(issuesOf({ VERIFACTU_DRIVER: 'aeat-test', VERIFACTU_CERT_FILE: '/nonexistent/cert.p12', VERIFACTU_CERT_PASSWORD: 'x' })).toEqual([
      'VERIFACTU_CERT_FILE cannot be read (ENOENT): /nonexistent/cert.p12',
    ]);
  });

  it('refuse a certificate its password does not open, or a file that is not PKCS#12', () => {
    expect(issuesOf({ VERIFACTU_DRIVER: 'aeat', VERIFACTU_CERT_FILE: certificates.clientP12File, VERIFACTU_CERT_PASSWORD: 'wrong' })).toEqual([
      'VERIFACTU_CERT_PASSWORD does not open VERIFACTU_CERT_FILE',
    ]);
    const [pemIssue] = issuesOf({ VERIFACTU_DRIVER: 'aeat', VERIFACTU_CERT_FILE: path.join(certificates.dir, 'client.pem'), VERIFACTU_CERT_PASSWORD: 'x' });
    expect(pemIssue).toMatch(/^VERIFACTU_CERT_FILE is not a PKCS#12 certificate with its private key/);
  });

  it('refuse an address that is not https and a missing CA file', () => {
    const base = { VERIFACTU_DRIVER: 'aeat-test', VERIFACTU_CERT_FILE: certificates.clientP12File, VERIFACTU_CERT_PASSWORD: certificates.clientP12Password };
    expect(issuesOf({ ...base, VERIFACTU_URL: 'http://127.0.0.1/VerifactuSOAP' })).toEqual(['VERIFACTU_URL: must be an https:// address']);
    expect(issuesOf({ ...base, VERIFACTU_CA_FILE: '/nonexistent/ca.pem' })).toEqual(['VERIFACTU_CA_FILE does not exist: /nonexistent/ca.pem']);
  });

  it('build the AEAT driver from a certificate that opens', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PUBLIC_URL: 'https://regalo.example',
      VERIFACTU_DRIVER: 'aeat-test',
      VERIFACTU_CERT_FILE: certificates.clientP12File,
      VERIFACTU_CERT_PASSWORD: certificates.clientP12Password,
    });
    expect(config.verifactu).toEqual({
      driver: 'aeat-test',
      certFile: certificates.clientP12File,
      certPassword: certificates.clientP12Password,
      url: undefined,
      caFile: undefined,
    });
    const sender = createVerifactuSender(config);
    expect(sender.driver).toBe('aeat-test');
    expect((sender as { url?: string }).url).toBe('https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP');
    sender.close();
    expect(verifactuSystemInfo(config)).toMatchObject({
      producerName: config.operator.name,
      producerTaxId: config.operator.taxId,
      name: 'Regalo',
      id: 'RG',
    });
  });
});
