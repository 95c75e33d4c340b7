import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETTER_AUTH_ABUSE } from './features/auth/routes';
import { createTestApp, type TestApp } from './testing/test-app';
import { isPathAbuse, pathMatches, type Abuse, type RouteAbuse } from './platform/rate-limit';

/**
 * ADR 054: every route that sends mail, checks a password, creates a checkout or looks up a
 * code declares it, with limits, in its own definition. This test does not trust the
 * declarations: it works out from the source what each route's handler calls, and fails for
 * a route whose handler reaches one of those acts without declaring it and a limit.
 */

const SERVER = path.resolve(__dirname);

/** The modules that do each act themselves; whatever imports them (transitively) does it too. */
const ACTS: Record<Abuse, string[]> = {
  'sends-mail': ['mail/enqueue-mail.ts'],
  'checks-password': ['platform/auth/password.ts'],
  'creates-checkout': ['features/checkout/create-checkout.ts'],
  'looks-up-code': [
    'features/gift-page/get-gift-page.ts',
    'features/gift-page/find-gift-by-typed-code.ts',
    'features/redemption/find-redemption-order.ts',
    'features/business-onboarding/open-confirmation-link.ts',
    'features/business-onboarding/set-link-password.ts',
    'domain/orders/request-extension.ts',
  ],
};
/**
 * Better Auth's own module sends its mails and checks its passwords: its routes are declared
 * path by path (BETTER_AUTH_ABUSE, checked below against Better Auth's endpoint list), and the
 * session guard imports it only to read sessions.
 */
const NOT_FOLLOWED = new Set(['platform/auth/auth.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'testing' || name === 'db' ? [] : sourceFiles(full);
    return name.endsWith('.ts') && !name.includes('.test.') ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms)].map((m) => path.resolve(path.dirname(file), `${m[1]}.ts`));
}

/** For each act, the exported function names of every module that does it. */
function functionsDoing(): Map<string, Set<Abuse>> {
  const files = sourceFiles(SERVER);
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const byFunction = new Map<string, Set<Abuse>>();
  for (const [act, roots] of Object.entries(ACTS) as [Abuse, string[]][]) {
    const doing = new Set(roots.map((r) => path.join(SERVER, r)));
    for (let grew = true; grew; ) {
      grew = false;
      for (const [file, imports] of graph) {
        if (doing.has(file) || NOT_FOLLOWED.has(path.relative(SERVER, file))) continue;
        if (imports.some((i) => doing.has(i))) {
          doing.add(file);
          grew = true;
        }
      }
    }
    for (const file of doing) {
      if (file.endsWith('routes.ts')) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/export (?:async )?function (\w+)/g)) {
        const set = byFunction.get(m[1]!) ?? new Set<Abuse>();
        set.add(act);
        byFunction.set(m[1]!, set);
      }
    }
  }
  return byFunction;
}

describe('limits declared with each route (ADR 054)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        // With the Google stand-in configured, Better Auth's OAuth plugin endpoints exist too.
        GOOGLE_CLIENT_ID: 'c',
        GOOGLE_CLIENT_SECRET: 's',
        GOOGLE_AUTHORIZATION_URL: 'http://127.0.0.1:9/authorize',
        GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
        GOOGLE_USERINFO_URL: 'http://127.0.0.1:9/userinfo',
      },
    });
  });
  afterAll(() => t.close());

  it('finds the acts in the source (the scan itself works)', () => {
    const doing = functionsDoing();
    expect(doing.get('registerInterest')).toContain('sends-mail');
    expect(doing.get('resendGiftEmail')).toContain('sends-mail');
    expect(doing.get('deleteAccount')).toContain('checks-password');
    expect(doing.get('createCheckout')).toContain('creates-checkout');
    expect(doing.get('findRedemptionOrder')).toContain('looks-up-code');
  });

  it('every route whose handler does one of the acts declares it, with a limit', () => {
    const doing = functionsDoing();
    const missing: string[] = [];
    const seen: string[] = [];
    for (const route of t.app.registeredRoutes) {
      if (route.method === 'HEAD' || !route.handler) continue;
      // `name(` as written, or `(0, module.name)(` as the test transform rewrites an import.
      const calls = new Set([...String(route.handler).matchAll(/\b(\w+)\)?\s*\(/g)].map((m) => m[1]!));
      const needed = new Set([...calls].flatMap((name) => [...(doing.get(name) ?? [])]));
      if (needed.size === 0) continue;
      seen.push(`${route.method} ${route.url}`);
      const abuse = route.config?.abuse;
      const declared: RouteAbuse | undefined = abuse && !isPathAbuse(abuse) ? abuse : undefined;
      for (const act of needed) {
        if (!declared?.does.includes(act) || (declared.limits.length === 0 && !declared.boundedBy)) missing.push(`${route.method} ${route.url}: ${act}`);
      }
    }
    expect(missing).toEqual([]);
    // The scan sees the routes it is about (else it would pass for want of finding any).
    expect(seen).toEqual(expect.arrayContaining(['POST /api/my/orders/:id/resend', 'POST /api/checkouts', 'DELETE /api/account', 'POST /api/business/interest']));
  });

  it('declares every Better Auth endpoint, and limits the ones that mail or check a password', async () => {
    const api = t.app.ctx.auth.api as unknown as Record<string, { path?: string }>;
    const paths = Object.values(api).flatMap((endpoint) => (endpoint.path ? [`/api/auth${endpoint.path}`] : []));
    expect(paths.length).toBeGreaterThan(25);
    const undeclared = paths.filter((p) => !Object.keys(BETTER_AUTH_ABUSE).some((pattern) => pathMatches(pattern, p)));
    expect(undeclared).toEqual([]);
    for (const p of ['sign-in/email', 'verify-password', 'change-password', 'delete-user']) {
      expect(BETTER_AUTH_ABUSE[`/api/auth/${p}`]?.does, p).toContain('checks-password');
    }
    for (const p of ['sign-up/email', 'request-password-reset', 'send-verification-email', 'change-email']) {
      expect(BETTER_AUTH_ABUSE[`/api/auth/${p}`]?.does, p).toContain('sends-mail');
    }
    // A path Better Auth may know but the table does not is refused before it gets there.
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/some-new-endpoint', headers: { origin: new URL(t.config.publicUrl).origin }, payload: {} });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses at start-up a route that declares an act without a limit', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerRateLimits } = await import('./platform/rate-limit');
    const app = Fastify();
    await registerRateLimits(app, { enabled: false });
    expect(() =>
      app.post('/x', { config: { abuse: { does: ['sends-mail'], limits: [] } } }, async () => null),
    ).toThrow(/declares sends-mail but no limit/);
    await app.close();
  });
});
