import { asc, eq, inArray, sql } from 'drizzle-orm';
import { vatOnBase } from '@shared/domain/money';
import type { Database } from '../../db/client';
import { invoiceLines, invoices, verifactuRecords } from '../../db/schema/invoices';
import { signedInOwner } from '../../testing/dashboard-test-world';
import { createGift, createOrder, createUser } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { listVerifactuRecords } from '../verifactu/list-verifactu-records';
import { describeVerdict, verifyVerifactuChain } from '../verifactu/verify-verifactu-chain';

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

/**
 * What must hold after any run, race or crash: every series numbered 1..n without a gap or
 * a duplicate, every invoice whole (lines adding up to its base, its VAT the rate on the base,
 * the lines' per-order VAT plus its ledger adjustment equal to that VAT, one registration record and its
 * submission row), at most one live base invoice (an F1 or a substitute, neither cancelled nor
 * replaced) per business, month and rate, and the chain intact.
 */
export async function invoiceInvariants(db: Database) {
  const rows = (await db.execute(sql`
    select i.series, i.number, i.base_cents, i.vat_cents, i.type, i.business_id, i.period, i.vat_rate_basis_points,
      (select coalesce(sum(base_cents), 0)::int from invoice_lines l where l.invoice_id = i.id) as lines_base,
      (select coalesce(sum(vat_cents), 0)::int from invoice_lines l where l.invoice_id = i.id) as lines_vat,
      (select coalesce(sum(case e.kind when 'invoice_vat_charged' then e.amount else -e.amount end), 0)::int from ledger_entries e
        where e.idempotency_key = 'invoice_vat_adjustment:' || i.id) as adjustment,
      (select count(*)::int from verifactu_records r where r.invoice_id = i.id and r.kind = 'alta') as altas,
      (select count(*)::int from verifactu_records r join verifactu_submissions s on s.record_id = r.id where r.invoice_id = i.id and r.kind = 'alta') as submissions,
      exists (select 1 from invoice_cancellations c where c.invoice_id = i.id) as cancelled,
      exists (select 1 from invoice_substitutions s where s.substituted_invoice_id = i.id) as substituted,
      exists (select 1 from invoice_substitutions s where s.invoice_id = i.id) as substitute
    from invoices i order by i.series, i.number
  `)) as unknown as {
    rows: { series: string; number: number; base_cents: number; vat_cents: number; type: string; business_id: string; period: string; vat_rate_basis_points: number; lines_base: number; lines_vat: number; adjustment: number; altas: number; submissions: number; cancelled: boolean; substituted: boolean; substitute: boolean }[];
  };
  const problems: string[] = [];
  const bySeries = new Map<string, number[]>();
  const liveF1 = new Map<string, number>();
  for (const r of rows.rows) {
    bySeries.set(r.series, [...(bySeries.get(r.series) ?? []), Number(r.number)]);
    if (Number(r.lines_base) !== Number(r.base_cents)) problems.push(`${r.series}-${r.number}: lines do not add up`);
    // The VAT is the rate on the base; what the lines' per-order VAT leaves is the invoice's one ledger adjustment (ADR 093).
    if (Number(r.vat_cents) !== vatOnBase(Number(r.base_cents), Number(r.vat_rate_basis_points))) problems.push(`${r.series}-${r.number}: VAT is not the rate on the base`);
    if (Number(r.lines_vat) + Number(r.adjustment) !== Number(r.vat_cents)) problems.push(`${r.series}-${r.number}: per-order VAT + adjustment ≠ invoice VAT`);
    if (Number(r.altas) !== 1 || Number(r.submissions) !== 1) problems.push(`${r.series}-${r.number}: ${r.altas} records, ${r.submissions} submissions`);
    // A unit's base invoice: its F1, or the rectifying invoice by substitution that replaced it.
    if ((r.type === 'F1' || r.substitute) && !r.cancelled && !r.substituted) {
      const key = `${r.business_id}|${r.period}|${r.vat_rate_basis_points}`;
      liveF1.set(key, (liveF1.get(key) ?? 0) + 1);
    }
  }
  for (const [series, numbers] of bySeries) {
    if (numbers.some((n, i) => n !== i + 1)) problems.push(`${series}: numbers ${numbers.join(',')} are not 1..${numbers.length}`);
  }
  for (const [key, count] of liveF1) if (count > 1) problems.push(`${key}: ${count} live base invoices`);
  const verdict = await verifyVerifactuChain(db);
  if (!verdict.ok) problems.push(describeVerdict(verdict));
  return { problems, invoices: rows.rows.length };
}
