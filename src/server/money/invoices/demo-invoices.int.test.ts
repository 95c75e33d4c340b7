import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths, madridMonthOf } from '@shared/domain/statement-month';
import { loadConfig } from '../../config';
import { businesses } from '../../db/schema/businesses';
import { invoices } from '../../db/schema/invoices';
import { demoOwnerBusiness } from '../../db/seed/demo-data';
import { seedDemo } from '../../db/seed/seed-demo';
import { createLocalStorage } from '../../platform/storage/local-storage';
import { getTestDatabase } from '../../testing/test-database';
import { issueDueInvoices } from './issue-due-invoices';

describe('demo invoices', () => {
  it("a fresh demo database gets last month's invoices at the invoicing job's first run", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-seed-invoices-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' });
    const { db } = await getTestDatabase();
    await seedDemo({ db, config, storage: createLocalStorage(path.join(dataDir, 'files')) });

    const now = new Date();
    const run = await issueDueInvoices({ db, config, now: () => now });
    const lastMonth = addMonths(madridMonthOf(now), -1);
    const [owner] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.name, demoOwnerBusiness.name));
    const ownInvoices = await db.select().from(invoices).where(eq(invoices.businessId, owner!.id));
    expect(ownInvoices.map((i) => i.period)).toContain(lastMonth);
    expect(ownInvoices.find((i) => i.period === lastMonth)).toMatchObject({ type: 'F1', recipientName: demoOwnerBusiness.legalName, issuerName: config.operator.name });
    expect(run.issued.length).toBe(await db.$count(invoices));
  });
});
