// `npm run db:down:gift-movements`: takes the database back to before the gift movements
// (ADR 096) — the first release's way back. Start the previous release afterwards.
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { revertGiftMovements } from './db/down/revert-gift-movements';

async function main() {
  const database = await openDatabase(loadConfig().database);
  try {
    await revertGiftMovements(database.db);
    console.info('The gift movements are reverted; the previous release can start on this database.');
  } finally {
    await database.close();
  }
}

void main();
