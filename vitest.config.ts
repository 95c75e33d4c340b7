import { defineConfig } from 'vitest/config';
import { alias } from './vite.config';
import { postgresqlTierGlobs } from './src/server/testing/postgresql-tier';

/**
 * Three tiers: unit tests of pure rules (`*.test.ts[x]`), integration tests
 * of use cases and endpoints against a real database (`*.int.test.ts`) — always on embedded
 * PGlite, and those whose outcome can depend on the database server (ADR 110) also on the
 * PostgreSQL server at TEST_DATABASE_URL when it is set — and the
 * Playwright journeys in e2e/ (run by `npm run test:e2e`, not here).
 */
const integration = (name: string, database: 'pglite' | 'postgresql') => ({
  extends: true as const,
  test: {
    name,
    // Every file on PGlite; on PostgreSQL, the files whose outcome can depend on the server.
    include: database === 'pglite' ? ['src/**/*.int.test.ts'] : postgresqlTierGlobs(),
    environment: 'node',
    env: { TEST_DB: database },
    setupFiles: ['src/server/testing/integration-setup.ts'],
    globalSetup: [
      'src/server/testing/integration-global.ts',
      database === 'postgresql' ? 'src/server/testing/integration-pg-global.ts' : 'src/server/testing/integration-pglite-global.ts',
    ],
    pool: 'forks' as const,
    // One database per worker, reused across its files (PGlite compiles WASM on start).
    isolate: false,
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default on two cores is a single worker. Most integration files spend their
    // time waiting (child servers starting, PostgreSQL, SMTP, timers), so three workers keep
    // both cores busy: the suite took 10–12 minutes instead of 19 on the CI machine (2026-11-29).
    // The three projects also share the workers instead of running one after another.
    // VITEST_MAX_WORKERS overrides it.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts'],
          environment: 'node',
          // Component tests import whole lazy pages; on a busy 2-core machine that alone can
          // take several seconds, so the default 5 s is too tight (no retries: a real hang fails).
          testTimeout: 15_000,
          setupFiles: ['src/web/testing/unit-setup.ts'],
        },
      },
      integration('integration', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('integration-pg', 'postgresql')] : []),
    ],
  },
});
