// `npm run admin:grant -- <email>`: gives an existing account the platform-team role.
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { grantAdmin } from './features/admin/grant-admin';
import { verifactuInstallationNumber } from './money/verifactu/verifactu-installation-number';

async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email) {
    console.error('Usage: npm run admin:grant -- <email>');
    process.exit(64);
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate({ installationNumber: verifactuInstallationNumber(config.publicUrl) });
    if (!(await grantAdmin(database.db, email))) {
      console.error(`No account with the email ${email}. Sign up first, then grant.`);
      process.exitCode = 1;
      return;
    }
    console.info(`${email} is now an admin.`);
  } finally {
    await database.close();
  }
}

void main();
