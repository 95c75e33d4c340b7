import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const optionalUrl = optionalString.pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Regalo <hola@regalo.local>'),
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
  STRIPE_API_URL: optionalUrl,
  // The test provider takes no money; production refuses it unless this says otherwise.
  PAYMENTS_ALLOW_TEST: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  RATE_LIMIT: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgresql'; url: string };
  mail: { smtpUrl?: string; from: string };
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
    | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiUrl?: string };
  authSecret: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  rateLimit: boolean;
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

/** Turns the environment into a typed config; throws ConfigError listing every bad value. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
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
      ? { kind: 'postgresql', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
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
            apiUrl: e.STRIPE_API_URL,
          }
        : { provider: 'test' },
    authSecret: e.AUTH_SECRET ?? loadOrCreateAuthSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimit: e.RATE_LIMIT,
  };
}
