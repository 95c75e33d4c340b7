import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_COMMISSION_RATE } from '@shared/domain/business';
import { DEFAULT_COMMISSION_VAT_RATE } from '@shared/domain/payouts';
import { missingHolidayYears } from '@shared/domain/working-days';
import { DEMO_OPERATOR, type Operator } from '@shared/contracts/operator';
import { loadWalletConfig, walletWarnings, type WalletConfig } from './platform/wallet/wallet-settings';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const optionalUrl = optionalString.pipe(z.url().optional());

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `false`/unset, a hop count (how many proxies append to X-Forwarded-For in
 * front of us), or a comma-separated list of proxy addresses/CIDRs. Never `true`: trusting
 * every hop lets a client choose its own address with X-Forwarded-For (ADR 035).
 * Returns the setting, or a message saying what is wrong.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] | string {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') {
    return 'true would trust every hop (a client could pick its IP): give the number of proxies (e.g. 1) or their addresses/CIDRs';
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : 'at most 10 proxy hops';
  }
  const entries = value.split(',').map((x) => x.trim()).filter((x) => x !== '');
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address, prefix, ...rest] = entry.split('/');
    const version = isIP(address ?? '');
    const maxPrefix = version === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (version === 0 || !prefixOk || rest.length > 0) {
      return `"${entry}" is not a hop count, an IP address or a CIDR range`;
    }
  }
  return entries.length > 0 ? entries : false;
}

/**
 * PostgreSQL's bounds (ADR 056): a connection the server does not accept within 5 s, or a
 * statement without an answer within 10 s (the slowest request measured is far below), means
 * the database is away; the request gets 503 rather than waiting for as long as a stall lasts.
 */
export const DATABASE_TIMEOUTS = { connectMs: 5000, statementMs: 10_000 } as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback unless told otherwise: a plain `npm start` publishes nothing to the network.
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  // PostgreSQL's buffer cache inside embedded PGlite (default in db/client.ts, ADR 038).
  // Durable commits on the embedded database (db/durable-node-fs.ts); off only for throw-away data.
  PGLITE_FSYNC: z.enum(['on', 'off']).default('on'),
  PGLITE_SHARED_BUFFERS: optionalString.pipe(z.string().regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 16MB').optional()),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  // PostgreSQL only: how long to wait for a new connection and for one statement (ms) before
  // the request gets 503 database_unavailable instead of hanging (ADR 056).
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(DATABASE_TIMEOUTS.connectMs),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(DATABASE_TIMEOUTS.statementMs),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Regalo <hola@regalo.local>'),
  // The operator's legal identity and contact addresses (privacy page, email footers).
  OPERATOR_NAME: z.string().trim().min(1).default(DEMO_OPERATOR.name),
  OPERATOR_ADDRESS: z.string().trim().min(1).default(DEMO_OPERATOR.address),
  OPERATOR_TAX_ID: z.string().trim().min(1).default(DEMO_OPERATOR.taxId),
  OPERATOR_REGISTRY: z.string().trim().min(1).default(DEMO_OPERATOR.registry),
  SUPPORT_EMAIL: z.email().default(DEMO_OPERATOR.supportEmail),
  PRIVACY_EMAIL: z.email().default(DEMO_OPERATOR.privacyEmail),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: z.string().min(1).default('eu-south-2'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  // Only for tests against a local OpenID Connect server that plays Google's role.
  GOOGLE_AUTHORIZATION_URL: optionalUrl,
  GOOGLE_TOKEN_URL: optionalUrl,
  GOOGLE_USERINFO_URL: optionalUrl,
  PAYMENTS_PROVIDER: z.enum(['test', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // The Connect endpoint's signing secret (connected accounts' events); the same one when unset.
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalUrl,
  // The test provider takes no money; production refuses it unless this says otherwise.
  PAYMENTS_ALLOW_TEST: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // The commission (percent, up to 2 decimals) the admin's approval form proposes.
  DEFAULT_COMMISSION_RATE: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a percentage with at most 2 decimals, e.g. 12 or 12.5')
      .transform(Number)
      .pipe(z.number().max(100, 'must be at most 100'))
      .optional(),
  ),
  // IVA on Regalo's commission (percent, up to 2 decimals), fixed on each order at payment (ADR 053).
  COMMISSION_VAT_RATE: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a percentage with at most 2 decimals, e.g. 21 or 10.5')
      .transform(Number)
      .optional(),
  ),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optionalString.transform((v, ctx) => {
    const parsed = parseTrustProxy(v);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  }),
  // Shared rate-limit counters (several servers); in process memory without it.
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  // The dev mailbox and other development aids: off unless asked for (ADR 035).
  DEV_TOOLS: z.enum(['off', 'on', 'force']).default('off'),
  RATE_LIMIT: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  // Load shedding (503 + Retry-After); 0 turns a signal off.
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  OVERLOAD_MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(0).default(512),
  // How long a client may take to send its headers, its whole request (headers and body),
  // and how long an idle keep-alive connection stays open (ADR 036).
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  // Sending VERI*FACTU billing records to the AEAT (ADR 062): off keeps them, unsent.
  VERIFACTU_DRIVER: z.enum(['off', 'aeat-test', 'aeat']).default('off'),
  // The operator's client certificate (PKCS#12 .p12/.pfx with its private key) and its password.
  VERIFACTU_CERT_FILE: optionalString,
  VERIFACTU_CERT_PASSWORD: z.string().optional(),
  // Another address for the service (the seal-certificate ports, or a test stand-in).
  VERIFACTU_URL: optionalString.pipe(z.url({ protocol: /^https$/, error: 'must be an https:// address' }).optional()),
  // Extra certificate authorities (PEM) to trust for that address.
  VERIFACTU_CA_FILE: optionalString,
  // Apple Wallet passes (ADR 107): the pass type, its certificate (PEM), key and Apple's WWDR intermediate.
  APPLE_WALLET_PASS_TYPE_ID: optionalString,
  APPLE_WALLET_TEAM_ID: optionalString,
  APPLE_WALLET_CERT_FILE: optionalString,
  APPLE_WALLET_KEY_FILE: optionalString,
  APPLE_WALLET_KEY_PASSPHRASE: optionalString,
  APPLE_WALLET_WWDR_FILE: optionalString,
  // APNs token authentication (.p8 key and its id), to push a pass's updates; the URL for a test stand-in.
  APPLE_WALLET_APNS_KEY_FILE: optionalString,
  APPLE_WALLET_APNS_KEY_ID: optionalString,
  APPLE_WALLET_APNS_URL: optionalUrl,
  // Google Wallet: the issuer id and the service account's key (JSON); the URLs for a test stand-in.
  GOOGLE_WALLET_ISSUER_ID: optionalString,
  GOOGLE_WALLET_KEY_FILE: optionalString,
  GOOGLE_WALLET_API_URL: optionalUrl,
  GOOGLE_WALLET_TOKEN_URL: optionalUrl,
  // The demo: both wallets with throwaway keys made at the first start (refused in production).
  WALLET_DEMO: z.enum(['on', 'off']).default('off'),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the server reads; `docs/configuration.md` lists each (kept equal by a test). */
export const configVariableNames = Object.keys(envSchema.shape);

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database:
    | { kind: 'pglite'; dataDir: string; sharedBuffers?: string; fsync?: boolean }
    | { kind: 'postgresql'; url: string; connectTimeoutMs?: number; statementTimeoutMs?: number };
  mail: { smtpUrl?: string; from: string };
  /** Who runs this Regalo (GET /api/operator, privacy page, email footers). */
  operator: Operator;
  storage:
    | { driver: 'local'; dir: string }
    | {
        driver: 's3';
        endpoint?: string;
        bucket: string;
        region: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
      };
  google?: {
    clientId: string;
    clientSecret: string;
    authorizationUrl?: string;
    tokenUrl?: string;
    userInfoUrl?: string;
  };
  payments:
    | { provider: 'test' }
    | { provider: 'stripe'; secretKey: string; webhookSecret: string; connectWebhookSecret?: string; apiUrl?: string };
  authSecret: string;
  /** Percent proposed when the platform team approves a business (DEFAULT_COMMISSION_RATE). */
  defaultCommissionRate: number;
  /** IVA percent on Regalo's commission, stored on each order at payment (COMMISSION_VAT_RATE, default 21). */
  commissionVatRate: number;
  logLevel: Env['LOG_LEVEL'];
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: false | number | string[];
  rateLimit: boolean;
  /** Redis for rate-limit counters shared by every server; process memory when unset. */
  redisUrl?: string;
  /** `/api/dev/mail`, `/dev/mailbox` and other development aids are served. */
  devTools: boolean;
  /** When to answer 503 instead of queueing (platform/load-shedding.ts); 0 = that signal off. */
  overload: { maxEventLoopDelayMs: number; maxConcurrentRequests: number };
  /** Slow and idle clients are cut off after these (ms); see buildApp. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /** Where VERI*FACTU billing records are sent (platform/verifactu, ADR 062). */
  verifactu:
    | { driver: 'off' }
    | { driver: 'aeat-test' | 'aeat'; certFile: string; certPassword: string; url?: string; caFile?: string };
  /** Apple and Google Wallet passes (ADR 107); a wallet without settings shows no button. */
  wallet: WalletConfig;
}

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads AUTH_SECRET from DATA_DIR, creating it the first time, so sessions survive restarts. */
function loadOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Whether a host name (of a URL or an interface) only reaches this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** The operator's identity settings with their demo defaults, which production refuses. */
function demoIdentitySettings(e: Env): [string, string, string][] {
  return [
    ['OPERATOR_NAME', e.OPERATOR_NAME, DEMO_OPERATOR.name],
    ['OPERATOR_ADDRESS', e.OPERATOR_ADDRESS, DEMO_OPERATOR.address],
    ['OPERATOR_TAX_ID', e.OPERATOR_TAX_ID, DEMO_OPERATOR.taxId],
    ['OPERATOR_REGISTRY', e.OPERATOR_REGISTRY, DEMO_OPERATOR.registry],
    ['SUPPORT_EMAIL', e.SUPPORT_EMAIL, DEMO_OPERATOR.supportEmail],
    ['PRIVACY_EMAIL', e.PRIVACY_EMAIL, DEMO_OPERATOR.privacyEmail],
  ];
}

/**
 * The AEAT's service only talks to a client presenting a certificate: a sending driver
 * without one that opens could never send, so the server refuses to start instead.
 */
function verifactuCertificateIssues(e: Env): string[] {
  const driver = `VERIFACTU_DRIVER=${e.VERIFACTU_DRIVER}`;
  if (!e.VERIFACTU_CERT_FILE) return [`${driver} needs VERIFACTU_CERT_FILE (the operator's PKCS#12 certificate, .p12 or .pfx) and VERIFACTU_CERT_PASSWORD`];
  if (e.VERIFACTU_CERT_PASSWORD === undefined) return [`${driver} needs VERIFACTU_CERT_PASSWORD (the password of VERIFACTU_CERT_FILE)`];
  let pfx: Buffer;
  try {
    pfx = readFileSync(e.VERIFACTU_CERT_FILE);
  } catch (error) {
    return [`VERIFACTU_CERT_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): ${e.VERIFACTU_CERT_FILE}`];
  }
  const issues: string[] = [];
  try {
    createSecureContext({ pfx, passphrase: e.VERIFACTU_CERT_PASSWORD });
  } catch (error) {
    const message = (error as Error).message;
    issues.push(
      /mac verify|bad decrypt|password/i.test(message)
        ? 'VERIFACTU_CERT_PASSWORD does not open VERIFACTU_CERT_FILE'
        : `VERIFACTU_CERT_FILE is not a PKCS#12 certificate with its private key (${message})`,
    );
  }
  if (e.VERIFACTU_CA_FILE && !existsSync(e.VERIFACTU_CA_FILE)) issues.push(`VERIFACTU_CA_FILE does not exist: ${e.VERIFACTU_CA_FILE}`);
  return issues;
}

/**
 * What a server may run with but its operator should hear about at start (logged as warnings,
 * not refused). VERIFACTU_DRIVER=off in production is the one so far: `off` is the documented
 * default (ADR 062) and keeps every record chained and pending, so nothing is lost and the
 * records go out the day a sending driver is set; but a production operator must send them
 * (ADR 062, 070), so it must not go unnoticed.
 */
export function configWarnings(config: Pick<Config, 'env' | 'verifactu' | 'wallet'>): string[] {
  const warnings: string[] = [];
  if (config.env === 'production' && config.verifactu.driver === 'off') {
    warnings.push(
      'VERIFACTU_DRIVER=off in production: invoices are issued and their VERI*FACTU records chained and kept, but none is sent to the AEAT. ' +
        'Set VERIFACTU_DRIVER=aeat with VERIFACTU_CERT_FILE and VERIFACTU_CERT_PASSWORD; the pending records then go out in chain order.',
    );
  }
  // Optional, but a production operator should know the gifts go out without wallet passes.
  if (config.env === 'production') warnings.push(...walletWarnings(config.wallet));
  return warnings;
}

/**
 * Turns the environment into a typed config; throws ConfigError listing every bad value.
 * `now` is when the server starts: the working-day calendar must know its holidays from then on.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, now: Date = new Date()): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const issues: string[] = [];
  const isProduction = e.NODE_ENV === 'production';

  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    issues.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  const s3Wanted = Boolean(e.S3_BUCKET || e.S3_ENDPOINT);
  if (s3Wanted && !e.S3_BUCKET) issues.push('S3_BUCKET is required when S3_ENDPOINT is set');
  const paymentsProvider = e.PAYMENTS_PROVIDER ?? (isProduction ? undefined : 'test');
  if (!paymentsProvider) {
    issues.push('PAYMENTS_PROVIDER must be set in production (test or stripe)');
  }
  if (paymentsProvider === 'test' && isProduction && !e.PAYMENTS_ALLOW_TEST) {
    issues.push('PAYMENTS_PROVIDER=test takes no money: set PAYMENTS_ALLOW_TEST=true to run it in production');
  }
  if (paymentsProvider === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    issues.push('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  // A payment confirmed to a giver must survive a crash of the machine (ADR 056).
  if (paymentsProvider === 'stripe' && isProduction && !e.DATABASE_URL && e.PGLITE_FSYNC === 'off') {
    issues.push('PGLITE_FSYNC=off loses confirmed payments when the machine crashes: refused with PAYMENTS_PROVIDER=stripe in production');
  }
  // The dev tools read anyone's mail (reset links included): never on a reachable server
  // by accident. DEV_TOOLS=force is the explicit, logged-in-the-config escape hatch.
  if (e.DEV_TOOLS === 'on') {
    if (e.PUBLIC_URL && !isLoopbackHost(new URL(e.PUBLIC_URL).hostname)) {
      issues.push('DEV_TOOLS=on needs a loopback PUBLIC_URL (localhost, 127.0.0.1, ::1); use DEV_TOOLS=force to override');
    }
    if (!isLoopbackHost(e.HOST)) {
      issues.push('DEV_TOOLS=on needs a loopback HOST (127.0.0.1, ::1, localhost); use DEV_TOOLS=force to override');
    }
    if (isProduction) issues.push('DEV_TOOLS=on is refused with NODE_ENV=production; use DEV_TOOLS=force to override');
  }
  // The headers are part of the request: Node refuses a headers timeout longer than the whole.
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    issues.push('HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS');
  }
  if (e.VERIFACTU_DRIVER !== 'off') issues.push(...verifactuCertificateIssues(e));
  // The legal notice, the terms and every email name the operator: a production server must
  // never present the demo's fictitious company to real customers.
  if (isProduction) {
    for (const [name, value, demo] of demoIdentitySettings(e)) {
      if (value === demo) issues.push(`${name} still has its demo value (${demo}): set the operator's real one in production`);
    }
  }
  // The withdrawal period ends on a working day (ADR 083): production computes no deadline
  // from a guessed calendar; outside production a year without data follows the plain rule.
  if (isProduction) {
    const missing = missingHolidayYears(now);
    if (missing.length > 0) {
      issues.push(
        `the working-day calendar has no public holidays for ${missing.join(', ')}: add the year's national (BOE) and Comunitat Valenciana (DOGV) lists to src/shared/domain/working-days.ts (ADR 083)`,
      );
    }
  }
  const wallet = loadWalletConfig(e, path.resolve(e.DATA_DIR), isProduction, issues);
  if (issues.length > 0) throw new ConfigError(issues);

  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    database: e.DATABASE_URL
      ? {
          kind: 'postgresql',
          url: e.DATABASE_URL,
          connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
        }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite'), sharedBuffers: e.PGLITE_SHARED_BUFFERS, fsync: e.PGLITE_FSYNC === 'on' },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    operator: {
      name: e.OPERATOR_NAME,
      address: e.OPERATOR_ADDRESS,
      taxId: e.OPERATOR_TAX_ID,
      registry: e.OPERATOR_REGISTRY,
      supportEmail: e.SUPPORT_EMAIL,
      privacyEmail: e.PRIVACY_EMAIL,
    },
    storage: e.S3_BUCKET
      ? {
          driver: 's3',
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { driver: 'local', dir: path.join(dataDir, 'files') },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            authorizationUrl: e.GOOGLE_AUTHORIZATION_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL,
            userInfoUrl: e.GOOGLE_USERINFO_URL,
          }
        : undefined,
    payments:
      paymentsProvider === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : { provider: 'test' },
    authSecret: e.AUTH_SECRET ?? loadOrCreateAuthSecret(dataDir),
    defaultCommissionRate: e.DEFAULT_COMMISSION_RATE ?? DEFAULT_COMMISSION_RATE,
    commissionVatRate: e.COMMISSION_VAT_RATE ?? DEFAULT_COMMISSION_VAT_RATE,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimit: e.RATE_LIMIT,
    redisUrl: e.REDIS_URL,
    devTools: e.DEV_TOOLS !== 'off',
    overload: {
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxConcurrentRequests: e.OVERLOAD_MAX_CONCURRENT_REQUESTS,
    },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    verifactu:
      e.VERIFACTU_DRIVER === 'off'
        ? { driver: 'off' }
        : {
            driver: e.VERIFACTU_DRIVER,
            certFile: path.resolve(e.VERIFACTU_CERT_FILE!),
            certPassword: e.VERIFACTU_CERT_PASSWORD!,
            url: e.VERIFACTU_URL,
            caFile: e.VERIFACTU_CA_FILE ? path.resolve(e.VERIFACTU_CA_FILE) : undefined,
          },
    wallet,
  };
}
