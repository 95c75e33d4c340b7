import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPglite, wrapPglite } from '../db/client';
import { testRunDir } from './integration-global';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a freshly migrated PGlite database (test-database.ts loads it). */
    pgliteTemplate: string;
  }
}

/**
 * Vitest global setup of the PGlite tier: migrates one database before any worker starts and
 * dumps it, so that each worker loads the dump instead of running initdb and every migration
 * itself — work that otherwise lands in the first hook of each worker, when the machine is
 * busiest (a server-starting hook timed out behind it on the CI machine).
 */
export default async function setup(project: TestProject) {
  const file = path.join(testRunDir, 'pglite-migrated.tar');
  const client = await createPglite();
  try {
    await wrapPglite(client).migrate();
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('pgliteTemplate', path.resolve(file));
}
