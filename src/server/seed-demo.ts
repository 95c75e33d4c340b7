// `npm run seed` (and `npm run demo`): migrates the configured database and loads the demo
// data. Safe to run again: existing demo rows are left as they are.
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed/seed-demo';
import { verifactuInstallationNumber } from './money/verifactu/verifactu-installation-number';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate({ installationNumber: verifactuInstallationNumber(config.publicUrl) });
    const summary = await seedDemo({ db: database.db, config });
    console.info(`Demo data ready (${database.kind}): ${JSON.stringify(summary)}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('Seeding failed:', error);
  process.exit(1);
});
