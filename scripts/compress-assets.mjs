#!/usr/bin/env node
// Writes Brotli and gzip copies of the built web app's text files, once, at build time, so
// the server sends compressed bytes without spending CPU per request (@fastify/static serves
// the `.br`/`.gz` sibling when the browser accepts it).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.env.REGALO_DIST ?? 'dist', 'web');
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      walk(full);
      continue;
    }
    if (!COMPRESSIBLE.has(path.extname(name))) continue;
    const raw = readFileSync(full);
    if (raw.length < 512) continue; // not worth a second request header
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    writeFileSync(`${full}.br`, br);
    writeFileSync(`${full}.gz`, gz);
    files += 1;
    before += raw.length;
    after += br.length;
  }
}
walk(root);
console.info(`compressed ${files} files in ${root}: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB (brotli)`);
