import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { madridMonthOf } from '@shared/domain/statement-month';

/** One order whose commission (net of refunds) differs from what its live invoices charged. */
export interface UninvoicedOrder {
  businessId: string;
  orderId: string;
  giftName: string;
  /** The Madrid month its commission was earned in (the payment's): the invoice's period. */
  period: string;
  vatRateBasisPoints: number;
  /** Commission and its VAT now, from the ledger: commission − refund_commission − exchange_commission (ADR 109), likewise VAT. */
  baseCents: number;
  vatCents: number;
  /** What the order's lines on live invoices (neither cancelled nor replaced) add up to. */
  invoicedBaseCents: number;
  invoicedVatCents: number;
}

/**
 * Every order earned before `before` (the current month's first instant) whose commission in
 * the ledger is not what its invoices say: not invoiced yet, or refunded (a cancellation, a
 * refund, a withdrawal) after its invoice. Orders paid before the commission carried VAT
 * (rate 0, ADR 053) are left out: their commission was charged without IVA and cannot be
 * invoiced as if it had been. `businessId` narrows it to one business (the issuing
 * transaction's re-check).
 */
export async function findUninvoicedCommission(db: Executor, before: Date, businessId?: string): Promise<UninvoicedOrder[]> {
  const result = (await db.execute(sql`
    with earned as (
      select l.order_id, l.business_id,
        min(l.created_at) filter (where l.kind = 'commission') as earned_at,
        sum(case l.kind when 'commission' then l.amount when 'refund_commission' then -l.amount when 'exchange_commission' then -l.amount else 0 end)::int as base,
        sum(case l.kind when 'commission_vat' then l.amount when 'refund_commission_vat' then -l.amount when 'exchange_commission_vat' then -l.amount else 0 end)::int as vat
      from ledger_entries l
      where l.kind in ('commission', 'refund_commission', 'commission_vat', 'refund_commission_vat', 'exchange_commission', 'exchange_commission_vat')
        ${businessId ? sql`and l.business_id = ${businessId}` : sql``}
      group by l.order_id, l.business_id
      having min(l.created_at) filter (where l.kind = 'commission') < ${before.toISOString()}::timestamptz
    ),
    invoiced as (
      select il.order_id, sum(il.base_cents)::int as base, sum(il.vat_cents)::int as vat
      from invoice_lines il
      where not exists (select 1 from invoice_cancellations c where c.invoice_id = il.invoice_id)
        -- A replaced invoice's lines are restated by its substitute (ADR 061).
        and not exists (select 1 from invoice_substitutions s where s.substituted_invoice_id = il.invoice_id)
        ${businessId ? sql`and il.invoice_id in (select id from invoices where business_id = ${businessId})` : sql``}
      group by il.order_id
    )
    select e.business_id, e.order_id, e.earned_at, e.base, e.vat, g.name as gift_name,
      round(o.vat_rate * 100)::int as vat_bp,
      coalesce(i.base, 0)::int as invoiced_base, coalesce(i.vat, 0)::int as invoiced_vat
    from earned e
    join orders o on o.id = e.order_id
    join gifts g on g.id = o.gift_id
    left join invoiced i on i.order_id = e.order_id
    where o.vat_rate > 0 and (e.base <> coalesce(i.base, 0) or e.vat <> coalesce(i.vat, 0))
    order by e.earned_at, e.order_id
  `)) as unknown as {
    rows: { business_id: string; order_id: string; earned_at: Date | string; base: number; vat: number; gift_name: string; vat_bp: number; invoiced_base: number; invoiced_vat: number }[];
  };
  return result.rows.map((r) => ({
    businessId: r.business_id,
    orderId: r.order_id,
    giftName: r.gift_name,
    period: madridMonthOf(new Date(r.earned_at)),
    vatRateBasisPoints: Number(r.vat_bp),
    baseCents: Number(r.base),
    vatCents: Number(r.vat),
    invoicedBaseCents: Number(r.invoiced_base),
    invoicedVatCents: Number(r.invoiced_vat),
  }));
}

/** What one invoice covers: a business's commission of one month at one VAT rate. */
export interface InvoicingUnit {
  businessId: string;
  period: string;
  vatRateBasisPoints: number;
  orders: UninvoicedOrder[];
}

export const unitKey = (u: { businessId: string; period: string; vatRateBasisPoints: number }) => `${u.businessId}|${u.period}|${u.vatRateBasisPoints}`;

/** Groups the orders by business, month and rate, oldest month first (the order they are issued in). */
export function groupIntoUnits(orders: UninvoicedOrder[]): InvoicingUnit[] {
  const units = new Map<string, InvoicingUnit>();
  for (const order of orders) {
    const key = unitKey(order);
    const unit = units.get(key) ?? { businessId: order.businessId, period: order.period, vatRateBasisPoints: order.vatRateBasisPoints, orders: [] };
    unit.orders.push(order);
    units.set(key, unit);
  }
  return [...units.values()].sort((a, b) => a.period.localeCompare(b.period) || a.businessId.localeCompare(b.businessId) || a.vatRateBasisPoints - b.vatRateBasisPoints);
}
