import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminReport, decideReportInputSchema } from '@shared/contracts/listing-reports';
import type { ReportCategory } from '@shared/domain/listing-reports';
import { formatDate } from '@shared/format';
import { users } from '../../db/schema/auth';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { listingReports } from '../../db/schema/listing-reports';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { catalogues } from '../../platform/catalogues';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import type { Locale } from '@shared/locale';
import { toAdminReport } from './list-reports';
import { recordAdminAction, type AdminActor } from '../../domain/admin/record-admin-action';

export type DecideReportValues = z.output<typeof decideReportInputSchema>;

/** The category as the report form names it, in the owner's language (same catalogue). */
const categoryLabel = (category: ReportCategory, locale: Locale) => catalogues('report')[locale].category[category];

/**
 * The platform team's decision on a report (DSA art. 17), exactly once: a conditional update
 * from `open` decides between two admins deciding at the same moment. In the same
 * transaction: `hide` sets hidden_at on the gift or the business (the listing rule then
 * leaves it out of the catalogue and the checkout) and queues the statement of reasons to
 * its owner; either decision queues the reporter's answer when they left an address, and
 * writes the audit row.
 */
export async function decideReport(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  actor: AdminActor,
  reportId: string,
  input: DecideReportValues,
): Promise<AdminReport> {
  const now = ctx.now();
  const status = input.decision === 'hide' ? 'hidden' : 'kept';
  return ctx.db.transaction(async (tx) => {
    const [report] = await tx
      .update(listingReports)
      .set({ status, decisionReason: input.reason, decisionFacts: input.facts, decidedBy: actor.id, decidedAt: now })
      .where(and(eq(listingReports.id, reportId), eq(listingReports.status, 'open')))
      .returning();
    if (!report) {
      const [existing] = await tx.select({ id: listingReports.id }).from(listingReports).where(eq(listingReports.id, reportId));
      throw existing
        ? new AppError('report_already_decided', 409, 'This report has already been decided')
        : new AppError('report_not_found', 404, 'No such report');
    }
    const [target] = await tx
      .select({
        businessName: businesses.name,
        businessHiddenAt: businesses.hiddenAt,
        giftName: gifts.name,
        giftHiddenAt: gifts.hiddenAt,
        ownerName: users.name,
        ownerEmail: users.email,
        ownerLocale: users.locale,
      })
      .from(listingReports)
      .innerJoin(businesses, eq(businesses.id, listingReports.businessId))
      .leftJoin(gifts, eq(gifts.id, listingReports.giftId))
      .leftJoin(users, eq(users.id, businesses.ownerId))
      .where(eq(listingReports.id, report.id));
    const listing = report.targetType === 'gift' ? `${target!.giftName} · ${target!.businessName}` : target!.businessName;

    let wasHidden = (report.targetType === 'gift' ? target!.giftHiddenAt : target!.businessHiddenAt) !== null;
    if (input.decision === 'hide') {
      // Already hidden by an earlier report: the time it left the catalogue stays the first one.
      if (report.targetType === 'gift') {
        await tx.update(gifts).set({ hiddenAt: now, updatedAt: now }).where(and(eq(gifts.id, report.giftId!), isNull(gifts.hiddenAt)));
      } else {
        await tx.update(businesses).set({ hiddenAt: now, updatedAt: now }).where(and(eq(businesses.id, report.businessId), isNull(businesses.hiddenAt)));
      }
      if (target!.ownerEmail) {
        const locale = toMailLocale(target!.ownerLocale) ?? 'es';
        await enqueueMail(tx, {
          to: target!.ownerEmail,
          template: 'listing-hidden',
          locale,
          data: {
            name: target!.ownerName ?? target!.businessName,
            businessName: target!.businessName,
            kind: report.targetType === 'gift' ? 'gift' : 'business',
            listing: report.targetType === 'gift' ? target!.giftName! : target!.businessName,
            reportId: report.id,
            category: categoryLabel(report.category as ReportCategory, locale),
            reportedOn: formatDate(report.createdAt, locale),
            decidedOn: formatDate(now, locale),
            reason: input.reason,
            facts: input.facts!,
            appealEmail: ctx.config.operator.supportEmail,
            url: `${ctx.config.publicUrl}/business/dashboard`,
          },
        });
      }
      wasHidden = true;
    }
    if (report.reporterEmail) {
      await enqueueMail(tx, {
        to: report.reporterEmail,
        template: 'report-decided',
        locale: toMailLocale(report.reporterLocale) ?? 'en',
        data: { listing, reportId: report.id, decision: input.decision, reason: input.reason, url: ctx.config.publicUrl },
      });
    }
    await recordAdminAction(
      tx,
      actor,
      {
        action: input.decision === 'hide' ? 'report_hidden' : 'report_kept',
        targetType: 'report',
        targetId: report.id,
        before: { status: 'open' },
        after: { status, targetType: report.targetType, targetId: report.giftId ?? report.businessId, hidden: wasHidden, facts: input.facts },
        reason: input.reason,
      },
      now,
    );
    return toAdminReport(report, { giftName: target!.giftName, businessName: target!.businessName, isTargetHidden: wasHidden });
  });
}
