import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createReportInputSchema, ReportReceipt } from '@shared/contracts/listing-reports';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { listingReports } from '../../db/schema/listing-reports';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../mail/enqueue-mail';
import { isListedBusiness, isListedGift } from '../../domain/catalog/visibility';

export type CreateReportValues = z.output<typeof createReportInputSchema>;

/** The reported gift or business as a giver sees it in the catalogue, or null when it is not listed. */
async function findListedTarget(db: Executor, input: CreateReportValues): Promise<{ giftId: string | null; businessId: string; listing: string } | null> {
  if (!isUuid(input.targetId)) return null;
  if (input.targetType === 'gift') {
    const [row] = await db
      .select({ giftId: gifts.id, giftName: gifts.name, businessId: businesses.id, businessName: businesses.name })
      .from(gifts)
      .innerJoin(businesses, eq(businesses.id, gifts.businessId))
      .where(and(eq(gifts.id, input.targetId), isListedGift(), isListedBusiness()));
    return row ? { giftId: row.giftId, businessId: row.businessId, listing: `${row.giftName} · ${row.businessName}` } : null;
  }
  const [row] = await db
    .select({ businessId: businesses.id, businessName: businesses.name })
    .from(businesses)
    .where(and(eq(businesses.id, input.targetId), isListedBusiness()));
  return row ? { giftId: null, businessId: row.businessId, listing: row.businessName } : null;
}

/**
 * A notice about a listing (DSA art. 16): only what a giver can see can be reported (anything
 * else answers 404 like a missing one, so reports reveal nothing hidden). The report and, with
 * an address, its acknowledgement are written in one transaction.
 */
export async function createReport(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  reporterId: string | null,
  input: CreateReportValues,
): Promise<ReportReceipt> {
  const target = await findListedTarget(ctx.db, input);
  if (!target) throw new AppError('report_target_not_found', 404, 'There is no such gift or business in the catalogue');
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [report] = await tx
      .insert(listingReports)
      .values({
        targetType: input.targetType,
        giftId: target.giftId,
        businessId: target.businessId,
        category: input.category,
        explanation: input.explanation,
        reporterEmail: input.email,
        reporterId,
        reporterLocale: input.locale,
        createdAt: now,
      })
      .returning({ id: listingReports.id });
    if (input.email) {
      await enqueueMail(tx, {
        to: input.email,
        template: 'report-received',
        locale: input.locale,
        data: { listing: target.listing, reportId: report!.id, url: ctx.config.publicUrl },
      });
    }
    return { id: report!.id, listing: target.listing };
  });
}
