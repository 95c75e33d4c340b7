// `npm run admin:revoke -- <email>`: takes the platform-team role away from an account.
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { revokeAdmin } from './features/admin/revoke-admin';
import { verifactuInstallationNumber } from './money/verifactu/verifactu-installation-number';

async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email) {
    console.error('Usage: npm run admin:revoke -- <email>');
    process.exit(64);
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate({ installationNumber: verifactuInstallationNumber(config.publicUrl) });
    if (!(await revokeAdmin(database.db, email))) {
      console.error(`No account with the email ${email}.`);
      process.exitCode = 1;
      return;
    }
    console.info(`${email} is no longer an admin.`);
  } finally {
    await database.close();
  }
}

void main();
