#!/usr/bin/env node
/**
 * Parses every JavaScript file of the web build as the browser will, and fails the build when
 * one would not load. The bundler once emitted a chunk re-exporting a variable it did not
 * define (a second chunk named after the consumer page, vite.config.ts); the browser refused the
 * module ("Export '…' is not defined in module") and the consumer area showed the error page.
 * Parsing is enough to catch that class of fault, and takes about a second.
 *
 *   node --experimental-vm-modules scripts/check-web-chunks.mjs [dist/web/assets]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const dir = path.resolve(process.argv[2] ?? path.join(process.env.REGALO_DIST ?? 'dist', 'web', 'assets'));
const files = readdirSync(dir).filter((file) => file.endsWith('.js'));
const broken = [];
for (const file of files) {
  try {
    // Parsed, never run: a module's early errors (a missing export among them) surface here.
    new vm.SourceTextModule(readFileSync(path.join(dir, file), 'utf8'), { identifier: file });
  } catch (error) {
    broken.push(`${file}: ${error.message}`);
  }
}
if (broken.length > 0) {
  console.error(`The web build has files a browser cannot load:\n${broken.join('\n')}`);
  process.exit(1);
}
console.info(`${files.length} web build files parse as modules.`);
