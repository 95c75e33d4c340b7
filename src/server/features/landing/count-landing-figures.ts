import { and, count, countDistinct, inArray, isNotNull, sql } from 'drizzle-orm';
import { LANDING_FIGURES_MIN_GIFTS, type LandingFigures } from './landing-figures';
import type { OrderStatus } from '@shared/domain/order-status';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { orders } from '../../db/schema/orders';
import { isListedBusiness } from '../../domain/catalog/visibility';

/** Paid and not refunded: the statuses of a gift that was sold (as the owner's analytics count them). */
const SENT_STATUSES: OrderStatus[] = ['paid', 'redeemed', 'expired'];

/** How long the landing page's figures are reused: they move slowly, and the page is the busiest. */
export const LANDING_FIGURES_TTL_MS = 10 * 60 * 1000;

/**
 * The landing page's figures, counted from the data (contract: landing-figures.ts): gifts
 * paid for and released to their recipient, the businesses on sale now, and the distinct
 * people those gifts went to. Null below LANDING_FIGURES_MIN_GIFTS gifts sent (`minGifts`
 * for tests): the page then shows no figures rather than small ones dressed as proof.
 */
export async function countLandingFigures(db: Executor, minGifts = LANDING_FIGURES_MIN_GIFTS): Promise<LandingFigures | null> {
  const sent = and(inArray(orders.status, SENT_STATUSES), isNotNull(orders.deliveredAt));
  const [[gifts], [partners]] = await Promise.all([
    db
      .select({
        giftsSent: count(),
        // A person is their email (case-insensitive), else their phone, else only this gift.
        recipients: countDistinct(sql`coalesce(lower(${orders.recipientEmail}), ${orders.recipientPhone}, ${orders.id}::text)`),
      })
      .from(orders)
      .where(sent),
    db.select({ n: count() }).from(businesses).where(isListedBusiness()),
  ]);
  const giftsSent = Number(gifts?.giftsSent ?? 0);
  if (giftsSent < minGifts) return null;
  return { giftsSent, partners: Number(partners?.n ?? 0), recipients: Number(gifts?.recipients ?? 0) };
}

type Cached = { at: number; figures: Promise<LandingFigures | null> };
// One per app (tests build several in one process).
const caches = new WeakMap<Pick<AppContext, 'db'>, Cached>();

/**
 * The figures as the landing document writes them: counted at most once per
 * LANDING_FIGURES_TTL_MS per app, so a busy landing page costs no query; concurrent
 * requests share one count, and a failed count is not kept.
 */
export function landingFigures(ctx: Pick<AppContext, 'db' | 'now'>): Promise<LandingFigures | null> {
  const now = ctx.now().getTime();
  const cached = caches.get(ctx);
  if (cached && now - cached.at < LANDING_FIGURES_TTL_MS) return cached.figures;
  const figures = countLandingFigures(ctx.db);
  caches.set(ctx, { at: now, figures });
  figures.catch(() => {
    if (caches.get(ctx)?.figures === figures) caches.delete(ctx);
  });
  return figures;
}
