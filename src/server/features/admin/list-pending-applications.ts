import { asc, eq, inArray } from 'drizzle-orm';
import type { ApplicationQueue } from '@shared/contracts/admin';
import { users } from '../../db/schema/auth';
import { businessApplications, businesses } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { applicationColumns, toAdminApplication, toAdminBusiness, type ApplicationRow } from './admin-rows';

/** The review queue: every open application, oldest first, with its business and history. */
export async function listPendingApplications(ctx: Pick<AppContext, 'db' | 'config'>): Promise<ApplicationQueue> {
  const open = await ctx.db
    .select({ application: applicationColumns, business: businesses })
    .from(businessApplications)
    .innerJoin(businesses, eq(businesses.id, businessApplications.businessId))
    .leftJoin(users, eq(users.id, businessApplications.reviewedBy))
    .where(eq(businessApplications.applicationStatus, 'pending'))
    .orderBy(asc(businessApplications.submittedAt), asc(businessApplications.id));
  const businessIds = open.map((o) => o.business.id);
  const ownerIds = open.map((o) => o.business.ownerId).filter((id): id is string => id !== null);
  const [owners, history] = await Promise.all([
    ownerIds.length === 0
      ? []
      : ctx.db.select({ id: users.id, name: users.name, email: users.email, locale: users.locale }).from(users).where(inArray(users.id, ownerIds)),
    businessIds.length === 0
      ? []
      : ctx.db
          .select(applicationColumns)
          .from(businessApplications)
          .leftJoin(users, eq(users.id, businessApplications.reviewedBy))
          .where(inArray(businessApplications.businessId, businessIds))
          .orderBy(asc(businessApplications.submittedAt)),
  ]);
  const ownerById = new Map(owners.map((o) => [o.id, o]));
  const historyOf = (businessId: string, openId: string) =>
    (history as ApplicationRow[])
      .filter((h) => h.businessId === businessId && h.id !== openId)
      .reverse()
      .map(toAdminApplication);
  return {
    defaultCommissionRate: ctx.config.defaultCommissionRate,
    items: open.map(({ application, business }) => ({
      application: toAdminApplication(application),
      business: toAdminBusiness(business, business.ownerId ? (ownerById.get(business.ownerId) ?? null) : null),
      history: historyOf(business.id, application.id),
    })),
  };
}
