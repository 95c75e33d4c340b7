import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's folder, shared by every worker of both tiers (see below). */
    testRunDir: string;
  }
}

/**
 * Vitest global setup of both integration tiers (it runs once per project, in the one main
 * process). It names a folder after that process where the run's workers share what each of
 * them would otherwise make for itself: the server bundle (server-process.ts builds it once,
 * lazily) and the migrated PGlite database (integration-pglite-global.ts). Removed when the
 * run ends.
 */
// Relative to the project: vite.server.config.ts reads REGALO_DIST as a path inside it.
export const testRunDir = path.join('.test-data', `run-${process.pid}`);

export default function setup(project: TestProject) {
  removeFoldersOfEndedRuns();
  mkdirSync(testRunDir, { recursive: true });
  project.provide('testRunDir', testRunDir);
  return () => rmSync(testRunDir, { recursive: true, force: true });
}

/** A run killed by a signal skips its teardown: its folder goes when a later run starts. */
function removeFoldersOfEndedRuns() {
  const parent = path.dirname(testRunDir);
  for (const name of existsSync(parent) ? readdirSync(parent) : []) {
    const pid = Number(/^(?:run|server-bundle)-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
