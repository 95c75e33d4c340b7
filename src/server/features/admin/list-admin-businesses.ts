import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AdminBusinessList, type businessListQuerySchema } from '@shared/contracts/admin';
import type { BusinessCategory, VerificationStatus } from '@shared/domain/business';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { businesses } from '../../db/schema/businesses';
import { matchesSearch } from '../../db/query-helpers';
import { containsPattern } from './like-pattern';

/**
 * Businesses by name (accents and small misspellings forgiven), tax id or owner email, filtered by status (`inactive` = approved but
 * switched off) and category, by name.
 */
export async function listAdminBusinesses(db: Executor, query: z.output<typeof businessListQuerySchema>): Promise<AdminBusinessList> {
  const conditions: SQL[] = [];
  if (query.q) {
    const p = containsPattern(query.q);
    conditions.push(or(matchesSearch(query.q, [businesses.name]), ilike(businesses.taxId, p), ilike(users.email, p))!);
  }
  if (query.status === 'inactive') conditions.push(and(eq(businesses.verificationStatus, 'approved'), eq(businesses.isActive, false))!);
  else if (query.status) conditions.push(eq(businesses.verificationStatus, query.status));
  if (query.category) conditions.push(eq(businesses.category, query.category));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: businesses.id,
        name: businesses.name,
        category: businesses.category,
        verificationStatus: businesses.verificationStatus,
        isActive: businesses.isActive,
        commissionRate: businesses.commissionRate,
        ownerEmail: users.email,
        createdAt: businesses.createdAt,
      })
      .from(businesses)
      .leftJoin(users, eq(users.id, businesses.ownerId))
      .where(where)
      .orderBy(asc(businesses.name), asc(businesses.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(businesses).leftJoin(users, eq(users.id, businesses.ownerId)).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      category: r.category as BusinessCategory,
      verificationStatus: r.verificationStatus as VerificationStatus,
      commissionRate: Number(r.commissionRate),
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
