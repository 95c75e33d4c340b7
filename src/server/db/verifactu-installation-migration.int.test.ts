import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../testing/factories';
import { testDatabaseKind } from '../testing/test-database';
import { createPglite, wrapPglite, type Database } from './client';
import { invoices } from './schema/invoices';
import { migrationsDir } from '../paths';

const MIGRATION = '0030_verifactu-installation-number';
// (0031 then makes the column required.)

/** The migrations folder as it was before `MIGRATION` (its journal cut there). */
function migrationsBefore(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'regalo-migrations-'));
  cpSync(migrationsDir, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === MIGRATION));
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** A database migrated to just before the change, holding one invoice and its record. */
async function databaseWithOldRecord() {
  const client = await createPglite();
  await migrate(drizzle(client), { migrationsFolder: migrationsBefore() });
  const db = wrapPglite(client).db as Database;
  const owner = await createUser(db, { userType: 'business' });
  // Written by hand: the factory inserts every column today's schema has, some of them added
  // by later migrations this database has not run.
  const business = (
    (await db.execute(
      sql`insert into businesses (owner_id, name, business_type, category, address, city, tax_id) values (${owner.id}, 'Horchatería', 'company', 'restaurant', 'Carrer de Colón 2', 'Valencia', 'B98765432') returning id`,
    )) as unknown as { rows: { id: string }[] }
  ).rows[0]!;
  const [invoice] = await db
    .insert(invoices)
    .values({
      businessId: business.id, type: 'F1', series: 'R2026', number: 1, fullNumber: 'R2026-000001', period: '2026-10', issueDate: '2026-11-01',
      issuerName: 'Regalo', issuerTaxId: 'B12345674', issuerAddress: 'València', recipientName: 'Horchatería S.L.', recipientTaxId: 'B98765432', recipientAddress: 'València',
      baseCents: 250, vatRateBasisPoints: 2100, vatCents: 53, totalCents: 303, correctsInvoiceId: null,
    })
    .returning();
  await db.execute(sql`insert into verifactu_records (issuer_tax_id, sequence, kind, invoice_id, id_emisor, num_serie, fecha_expedicion, tipo_factura, cuota_total, importe_total, generated_at, previous_fingerprint, fingerprint)
    values ('B12345674', 1, 'alta', ${invoice!.id}, 'B12345674', 'R2026-000001', '01-11-2026', 'F1', '0.53', '3.03', '2026-11-01T00:05:00+01:00', '', ${'A'.repeat(64)})`);
  return { client, db };
}

// Migrating from nothing, twice: slow on a busy machine. The migration's own SQL, on the embedded database (the hand-written part is plain PostgreSQL).
describe.skipIf(testDatabaseKind() !== 'pglite')('VERI*FACTU installation number, migrated', () => {
  it('records written before it get the installation number the sender would have used, passed by the migrating server', async () => {
    const { client, db } = await databaseWithOldRecord();
    try {
      await wrapPglite(client).migrate({ installationNumber: 'regalo.example' });
      const rows = (await db.execute(sql`select installation_number from verifactu_records`)) as unknown as { rows: { installation_number: string }[] };
      expect(rows.rows).toEqual([{ installation_number: 'regalo.example' }]);
      // Not a default for new records: each one says its own.
      const column = (await db.execute(sql`select column_default from information_schema.columns where table_name = 'verifactu_records' and column_name = 'installation_number'`)) as unknown as { rows: { column_default: string | null }[] };
      expect(column.rows).toEqual([{ column_default: null }]);
    } finally {
      await client.close();
    }
  }, 240_000);

  it('without the number, a database holding records refuses to migrate rather than guess', async () => {
    const { client } = await databaseWithOldRecord();
    try {
      await expect(wrapPglite(client).migrate()).rejects.toThrow(/installation number/);
    } finally {
      await client.close();
    }
  }, 240_000);
});
