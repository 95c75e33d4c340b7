import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ADMIN_PAGE_SIZE, type AdminOrderPage, type orderSearchQuerySchema } from '@shared/contracts/admin';
import { addDays, startOfLocalDay } from '@shared/domain/analytics';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { purchaserEmailMatches } from '../../domain/orders/find-purchaser';
import { selectAdminOrders, toAdminOrder } from './admin-rows';
import { matchesSearch } from '../../db/query-helpers';
import { containsPattern, endsWithPattern } from './like-pattern';
import { normalizeTypedCode } from '@shared/domain/typed-code';

/** The status filter by effective status: a paid order past its expiry counts as expired. */
function statusCondition(status: string, now: Date): SQL {
  if (status === 'paid') return and(eq(orders.status, 'paid'), gte(orders.expiresAt, now))!;
  if (status === 'expired') return or(eq(orders.status, 'expired'), and(eq(orders.status, 'paid'), lt(orders.expiresAt, now)))!;
  return eq(orders.status, status);
}

/**
 * Orders by the end of their code, recipient (name or email), buyer email, business name,
 * status and placement date (Europe/Madrid days, inclusive), newest first.
 */
export async function searchOrders(db: Executor, query: z.output<typeof orderSearchQuerySchema>, now: Date): Promise<AdminOrderPage> {
  const conditions: SQL[] = [];
  if (query.code) {
    // The end of the whole code, or the typed code under the QR (a gift card's holder reads
    // that one out on the phone, ADR 104), any case, dash optional.
    const suffix = sql`${orders.qrCode} like ${endsWithPattern(query.code)}`;
    const typed = normalizeTypedCode(query.code.trim());
    conditions.push(typed ? or(suffix, eq(orders.typedCode, typed))! : suffix);
  }
  if (query.recipient) {
    const p = containsPattern(query.recipient);
    conditions.push(or(matchesSearch(query.recipient, [orders.recipientName]), ilike(orders.recipientEmail, p))!);
  }
  if (query.buyer) {
    const p = containsPattern(query.buyer);
    conditions.push(
      purchaserEmailMatches(orders, p),
    );
  }
  if (query.business) conditions.push(matchesSearch(query.business, [businesses.name]));
  if (query.status) conditions.push(statusCondition(query.status, now));
  if (query.from) conditions.push(gte(orders.createdAt, startOfLocalDay(query.from)));
  if (query.to) conditions.push(lt(orders.createdAt, startOfLocalDay(addDays(query.to, 1))));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    selectAdminOrders(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(businesses, eq(businesses.id, orders.businessId))
      .innerJoin(gifts, eq(gifts.id, orders.giftId))
      .where(where),
  ]);
  return { items: rows.map((r) => toAdminOrder(r, now)), total: total?.n ?? 0, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

