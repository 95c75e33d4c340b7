// `npm run verifactu:verify`: recomputes the VERI*FACTU chain and names its first broken link.
// `npm run verifactu:verify -- <records.json>` checks an export of GET /api/admin/verifactu/records instead.
import { readFileSync } from 'node:fs';
import { verifactuRecordsSchema } from '@shared/contracts/invoices';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { verifyChain } from './money/verifactu/verify-chain';
import { describeVerdict, verifyVerifactuChain } from './money/verifactu/verify-verifactu-chain';
import { verifactuInstallationNumber } from './money/verifactu/verifactu-installation-number';

async function main() {
  const file = process.argv[2];
  if (file) {
    const verdict = verifyChain(verifactuRecordsSchema.parse(JSON.parse(readFileSync(file, 'utf8'))));
    console.info(describeVerdict(verdict));
    process.exitCode = verdict.ok ? 0 : 1;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate({ installationNumber: verifactuInstallationNumber(config.publicUrl) });
    const verdict = await verifyVerifactuChain(database.db);
    console.info(describeVerdict(verdict));
    process.exitCode = verdict.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

void main();
