import { asc, eq, inArray } from 'drizzle-orm';
import { invoiceLines, invoices, verifactuRecords } from '../../db/schema/invoices';
import { signedInOwner } from '../../testing/dashboard-test-world';
import { createGift, createOrder, createUser } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { listVerifactuRecords } from './list-verifactu-records';

/** A clock the test moves; the app reads it through ctx.now. */
export function createClock(start: Date) {
  let now = start;
  return {
    now: () => now,
    set(at: Date) {
      now = at;
    },
  };
}

/** A business at 10 % with its invoicing data, a 25,00 € gift (2,50 € commission + 0,53 € IVA per order) and a buyer. */
export async function invoicedShop(t: TestApp, options: { legalName?: string | null; fiscalAddress?: string | null } = {}) {
  const owner = await signedInOwner(t, {
    commissionRate: 10,
    name: 'Horchatería Santa Catalina',
    legalName: options.legalName === undefined ? 'Horchatería Santa Catalina S.L.' : options.legalName,
    fiscalAddress: options.fiscalAddress === undefined ? 'Plaça de Santa Caterina 6, 46001 València' : options.fiscalAddress,
    createdAt: new Date('2026-06-01T10:00:00Z'),
  });
  const gift = await createGift(t.database.db, { businessId: owner.business.id, name: 'Horchata y fartons', price: 2500 });
  const buyer = await createUser(t.database.db);
  const sell = (paidAt: Date, status: 'paid' | 'redeemed' = 'paid') =>
    createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, status, createdAt: new Date(paidAt.getTime() - 60_000), paidAt, now: paidAt });
  return { ...owner, gift, buyer, sell };
}

export async function invoicesOf(t: TestApp, businessId: string) {
  return t.database.db.select().from(invoices).where(eq(invoices.businessId, businessId)).orderBy(asc(invoices.createdAt), asc(invoices.number));
}

export async function linesOf(t: TestApp, invoiceId: string) {
  return t.database.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.position));
}

export async function recordsOf(t: TestApp, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return [];
  return t.database.db.select().from(verifactuRecords).where(inArray(verifactuRecords.invoiceId, invoiceIds)).orderBy(asc(verifactuRecords.sequence));
}

/** The whole chain as the export gives it. */
export const chainOf = (t: TestApp) => listVerifactuRecords(t.database.db);
