#!/usr/bin/env node
// Playwright drives Debian's Chromium (no browser downloads on these machines). Install it
// with apt-get when it is missing and we are root; otherwise explain what is needed.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);

if (process.getuid?.() !== 0) {
  console.error(`Chromium not found at ${CHROMIUM}. Install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
console.info('Installing Debian chromium for the end-to-end tests…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execSync('apt-get update -qq', { stdio: 'inherit', env });
execSync('apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core', { stdio: 'inherit', env });
if (!existsSync(CHROMIUM)) {
  console.error('apt-get finished but chromium is still missing');
  process.exit(1);
}
