import { beforeEach } from 'vitest';
import { getTestDatabase, resetDatabase } from './test-database';

// Every integration test starts from a migrated, empty database.
beforeEach(async () => {
  await resetDatabase(await getTestDatabase());
});
