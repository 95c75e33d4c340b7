#!/usr/bin/env node
// Starts the built server for the Playwright journeys on a fresh data folder with the
// demo data loaded, exactly as `npm run demo` would, but on its own port and folder.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describeServer, runningServer } from './running-server.mjs';

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.test-data/e2e');

// Two journeys runs on one data folder wipe and seed each other's embedded database under a
// live server ("unexpected data beyond EOF"): a second run is refused while the folder's
// database is held (the server's and the seed's own lock, db/pglite-data-dir.ts).
const holder = runningServer(dataDir);
if (holder) {
  console.error(`${dataDir} is in use by ${describeServer(holder, dataDir)}: set E2E_DATA_DIR and E2E_PORT to run a second journeys server.`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });

const dist = process.env.REGALO_DIST ?? 'dist';
if (!existsSync(`${dist}/server/main.js`) || !existsSync(`${dist}/web/index.html`)) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}

const env = {
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${process.env.PORT ?? 3100}`,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Parallel journeys sign in as the same demo accounts many times a minute, which the
  // per-account sign-in limit rightly refuses; the limits have their own integration tests
  // (features/auth/rate-limit.int.test.ts, platform/rate-limit-redis.int.test.ts).
  RATE_LIMIT: 'off',
  // The journeys read mail from the dev mailbox (loopback only, see config.ts).
  DEV_TOOLS: 'on',
  // A shared, busy test machine stalls the event loop now and then; shedding would turn
  // that into failed journeys. The shedder has its own tests (platform/load-shedding).
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  // Both wallets with the demo's throwaway keys (ADR 107), as `npm run demo` has them.
  WALLET_DEMO: 'on',
};
delete env.DATABASE_URL;

// Google sign-in journeys: a local OpenID Connect server plays Google (it approves every
// authorization request at once) and the app is pointed at its endpoints.
if (process.env.E2E_OIDC_PORT) {
  const { OAuth2Server } = await import('oauth2-mock-server');
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  const oidcPort = Number(process.env.E2E_OIDC_PORT);
  oidc.issuer.url = `http://127.0.0.1:${oidcPort}`;
  await oidc.start(oidcPort, '127.0.0.1');
  const identity = {
    sub: 'e2e-google-user',
    email: process.env.E2E_OIDC_EMAIL ?? 'marta.google@example.test',
    email_verified: true,
    name: process.env.E2E_OIDC_NAME ?? 'Marta Soler',
  };
  oidc.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, identity);
  });
  oidc.service.on('beforeUserinfo', (userInfoResponse) => {
    userInfoResponse.body = { ...identity };
  });
  Object.assign(env, {
    GOOGLE_CLIENT_ID: 'regalo-e2e',
    GOOGLE_CLIENT_SECRET: 'regalo-e2e-secret',
    GOOGLE_AUTHORIZATION_URL: `${oidc.issuer.url}/authorize`,
    GOOGLE_TOKEN_URL: `${oidc.issuer.url}/token`,
    GOOGLE_USERINFO_URL: `${oidc.issuer.url}/userinfo`,
  });
}

if (existsSync(`${dist}/server/seed-demo.js`)) {
  const seed = spawnSync(process.execPath, [`${dist}/server/seed-demo.js`], { env, stdio: 'inherit' });
  if (seed.status !== 0) process.exit(seed.status ?? 1);
}

const server = spawn(process.execPath, [`${dist}/server/main.js`], { env, stdio: 'inherit' });
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
