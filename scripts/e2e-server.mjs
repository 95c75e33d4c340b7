#!/usr/bin/env node
// Starts the built server for the Playwright journeys on a fresh data folder with the
// demo data loaded, exactly as `npm run demo` would, but on its own port and folder.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.test-data/e2e');
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
};
delete env.DATABASE_URL;

if (existsSync(`${dist}/server/seed-demo.js`)) {
  const seed = spawnSync(process.execPath, [`${dist}/server/seed-demo.js`], { env, stdio: 'inherit' });
  if (seed.status !== 0) process.exit(seed.status ?? 1);
}

const server = spawn(process.execPath, [`${dist}/server/main.js`], { env, stdio: 'inherit' });
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
