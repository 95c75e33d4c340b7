import type { Config } from '../../config';
import type { Database } from '../client';

export interface SeedContext {
  db: Database;
  config: Config;
}

/** Loads the demo data; idempotent. (Being built in issue #2 by the seed work.) */
export async function seedDemo(_ctx: SeedContext): Promise<Record<string, number>> {
  return {};
}
