import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * Journeys run in Debian's Chromium against the production build (`npm run build`) served
 * by `scripts/e2e-server.mjs` on a fresh data folder with the demo data loaded.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // A failed journey keeps its trace (DOM snapshot, network and console at every step) and
    // a screenshot. The trace's screencast is off: it cost about a sixth of the suite's time on
    // the CI machine (47.6 s → 39.3 s for one accessibility sweep; no trace at all: 34.1 s).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'mobile', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // Migrating and seeding a fresh data folder takes two minutes on a busy shared machine.
    timeout: 300_000,
    env: {
      PORT: String(PORT),
      E2E_DATA_DIR: process.env.E2E_DATA_DIR ?? '.test-data/e2e',
      // A local OpenID Connect server plays Google for e2e/google-sign-in.spec.ts.
      E2E_OIDC_PORT: String(PORT + 90),
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
