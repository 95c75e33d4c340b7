import { asc, desc, eq, sql } from 'drizzle-orm';
import type { AdminReport } from '@shared/contracts/listing-reports';
import type { ReportCategory, ReportStatus } from '@shared/domain/listing-reports';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { listingReports } from '../../db/schema/listing-reports';

const QUEUE_SIZE = 200;

/** The platform team's report queue: open ones oldest first (the longest waiting on top), decided ones newest first. */
export async function listReports(db: Executor, status: ReportStatus): Promise<AdminReport[]> {
  const rows = await db
    .select({
      report: listingReports,
      giftName: gifts.name,
      giftHiddenAt: gifts.hiddenAt,
      businessName: businesses.name,
      businessHiddenAt: businesses.hiddenAt,
    })
    .from(listingReports)
    .innerJoin(businesses, eq(businesses.id, listingReports.businessId))
    .leftJoin(gifts, eq(gifts.id, listingReports.giftId))
    .where(eq(listingReports.status, status))
    .orderBy(status === 'open' ? asc(listingReports.createdAt) : desc(sql`${listingReports.decidedAt}`), asc(listingReports.id))
    .limit(QUEUE_SIZE);
  return rows.map(({ report, giftName, giftHiddenAt, businessName, businessHiddenAt }) => toAdminReport(report, { giftName, businessName, isTargetHidden: (report.targetType === 'gift' ? giftHiddenAt : businessHiddenAt) !== null }));
}

export function toAdminReport(
  report: typeof listingReports.$inferSelect,
  target: { giftName: string | null; businessName: string; isTargetHidden: boolean },
): AdminReport {
  return {
    id: report.id,
    targetType: report.targetType as AdminReport['targetType'],
    giftId: report.giftId,
    giftName: target.giftName,
    businessId: report.businessId,
    businessName: target.businessName,
    category: report.category as ReportCategory,
    explanation: report.explanation,
    hasReporterEmail: report.reporterEmail !== null,
    status: report.status as ReportStatus,
    isTargetHidden: target.isTargetHidden,
    decisionReason: report.decisionReason,
    decisionFacts: report.decisionFacts,
    decidedAt: report.decidedAt?.toISOString() ?? null,
    createdAt: report.createdAt.toISOString(),
  };
}
