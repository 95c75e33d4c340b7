import type { Dac7MissingSellerData } from '@shared/contracts/seller-details';
import { dac7DueDate, missingDac7Fields } from '@shared/domain/dac7-seller';
import type { Executor } from '../../db/client';
import { getDac7Report } from './get-dac7-report';

/**
 * The sellers a year's DAC7 report cannot yet describe in full (ADR 100): the businesses with
 * relevant activities in the year, the report's own (a sale refunded in full is none), that
 * lack a field the report needs for their kind, with the day the report is due, so the team
 * asks them before 31 January.
 */
export async function listDac7MissingSellerData(db: Executor, year: number): Promise<Dac7MissingSellerData> {
  const rows = await getDac7Report(db, year);
  const businesses = rows
    .filter((row) => row.quarters.some((q) => q.activities > 0))
    .map((row) => ({ id: row.businessId, name: row.tradeName, businessType: row.businessType, missing: missingDac7Fields(row) }))
    .filter((b) => b.missing.length > 0);
  return { year, dueDate: dac7DueDate(year), businesses };
}
