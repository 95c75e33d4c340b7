import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root, found by walking up from this module to Regalo's package.json, so the
 * same code finds migrations and the built web app whether it runs from src/ (tsx, tests)
 * or from the bundle in dist/server.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'regalo') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const projectRoot = findProjectRoot();
export const migrationsDir = path.join(projectRoot, 'src/server/db/migrations');
/** Build output; REGALO_DIST lets parallel checkouts of work build side by side. */
export const distDir = path.resolve(projectRoot, process.env.REGALO_DIST ?? 'dist');
export const webDistDir = path.join(distDir, 'web');
