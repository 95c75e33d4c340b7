import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { quarterBounds } from './quarter-bounds';
import type { Dac7SellerData, MemberState } from '@shared/domain/dac7-seller';

export interface Dac7Quarter {
  /**
   * What the business earned from its sales: what givers paid less Regalo's commission, its
   * VAT and the invoices' VAT adjustments, that is the fees below (DAC7 "consideration" is net
   * of what the platform withholds or charges: Directive 2021/514, Annex V).
   */
  considerationCents: number;
  /** Regalo's commission and its VAT taken from it, less refunds, with the invoices' VAT adjustments (ADR 093) (DAC7 "fees"). */
  feesCents: number;
  /** Orders paid in the quarter and not refunded in full (DAC7 "number of relevant activities"). */
  activities: number;
}

/** The seller as DAC7 identifies it (Annex V, section II A and section III B(2); ADR 100). */
export interface Dac7Row extends Dac7SellerData {
  businessId: string;
  tradeName: string;
  taxId: string;
  vatNumber: string | null;
  permanentEstablishments: MemberState[];
  quarters: [Dac7Quarter, Dac7Quarter, Dac7Quarter, Dac7Quarter];
}

/**
 * Each business's sales through Regalo in a year, per quarter (DAC7, Directive 2021/514,
 * Spain's form 238), from the ledger: money is counted in the quarter it moved in. An order
 * refunded in full, whenever (a withdrawal, a cancellation), was not a relevant activity: none
 * of its rows count, in any quarter (ADR 061); nor did a gift exchanged for another (ADR 109),
 * whose sale the new gift is. Businesses with nothing in the year are left out.
 */
export async function getDac7Report(db: Executor, year: number): Promise<Dac7Row[]> {
  const bounds = [1, 2, 3, 4].map((q) => quarterBounds(`${year}-Q${q}`));
  const quarterOf = sql`case
    when l.created_at < ${bounds[1]!.from.toISOString()}::timestamptz then 1
    when l.created_at < ${bounds[2]!.from.toISOString()}::timestamptz then 2
    when l.created_at < ${bounds[3]!.from.toISOString()}::timestamptz then 3
    else 4 end`;
  const result = (await db.execute(sql`
    with fully_refunded as (
      select order_id from ledger_entries
      where order_id is not null and kind in ('commission', 'commission_vat', 'share_owed', 'refund_commission', 'refund_commission_vat', 'refund_share', 'exchange_commission', 'exchange_commission_vat', 'exchange_share')
      group by order_id
      having sum(case when kind in ('refund_commission', 'refund_commission_vat', 'refund_share', 'exchange_commission', 'exchange_commission_vat', 'exchange_share') then amount else 0 end) > 0
        and sum(case when kind in ('refund_commission', 'refund_commission_vat', 'refund_share', 'exchange_commission', 'exchange_commission_vat', 'exchange_share') then amount else -amount end) = 0
    )
    select b.id, b.name, b.business_type, b.legal_name, b.tax_id, b.fiscal_address, b.business_registration_number,
      b.owner_first_name, b.owner_last_name, b.owner_birth_date::text as owner_birth_date, b.vat_number,
      b.permanent_establishments, b.iban, b.iban_holder, ${quarterOf} as quarter,
      sum(case when l.kind in ('share_owed', 'invoice_vat_credited') then l.amount
               when l.kind in ('refund_share', 'invoice_vat_charged') then -l.amount else 0 end)::int as consideration,
      sum(case when l.kind in ('commission', 'commission_vat', 'invoice_vat_charged') then l.amount
               when l.kind in ('refund_commission', 'refund_commission_vat', 'invoice_vat_credited') then -l.amount else 0 end)::int as fees,
      count(*) filter (where l.kind = 'share_owed')::int as activities
    from ledger_entries l join businesses b on b.id = l.business_id
    where l.created_at >= ${bounds[0]!.from.toISOString()}::timestamptz and l.created_at < ${bounds[3]!.to.toISOString()}::timestamptz
      and l.kind in ('commission', 'commission_vat', 'share_owed', 'refund_commission', 'refund_commission_vat', 'refund_share', 'invoice_vat_charged', 'invoice_vat_credited')
      and (l.order_id is null or not exists (select 1 from fully_refunded f where f.order_id = l.order_id))
    group by b.id, quarter
    order by b.name, b.id, quarter
  `)) as unknown as {
    rows: ({ id: string; name: string; business_type: string; legal_name: string | null; tax_id: string; fiscal_address: string | null; business_registration_number: string | null } & {
      owner_first_name: string | null;
      owner_last_name: string | null;
      owner_birth_date: string | null;
      vat_number: string | null;
      permanent_establishments: MemberState[];
      iban: string | null;
      iban_holder: string | null;
    } & { quarter: number; consideration: number; fees: number; activities: number })[];
  };
  const byBusiness = new Map<string, Dac7Row>();
  for (const r of result.rows) {
    const empty = (): Dac7Quarter => ({ considerationCents: 0, feesCents: 0, activities: 0 });
    const row = byBusiness.get(r.id) ?? {
      businessId: r.id,
      tradeName: r.name,
      businessType: r.business_type,
      legalName: r.legal_name,
      taxId: r.tax_id,
      fiscalAddress: r.fiscal_address,
      businessRegistrationNumber: r.business_registration_number,
      ownerFirstName: r.owner_first_name,
      ownerLastName: r.owner_last_name,
      ownerBirthDate: r.owner_birth_date,
      vatNumber: r.vat_number,
      permanentEstablishments: r.permanent_establishments,
      iban: r.iban,
      ibanHolder: r.iban_holder,
      quarters: [empty(), empty(), empty(), empty()],
    };
    row.quarters[Number(r.quarter) - 1] = { considerationCents: Number(r.consideration), feesCents: Number(r.fees), activities: Number(r.activities) };
    byBusiness.set(r.id, row);
  }
  return [...byBusiness.values()];
}
