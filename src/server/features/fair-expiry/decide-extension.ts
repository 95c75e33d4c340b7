import { and, eq } from 'drizzle-orm';
import type { ExtensionDecisionInput, ExtensionDecisionResult } from '@shared/contracts/business-dashboard';
import { addDays, localDateOf } from '@shared/domain/analytics';
import { extensionLengthsFor } from '@shared/domain/extension-lengths';
import { isUuid } from '../../db/query-helpers';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../mail/enqueue-mail';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import { applyExpiryExtension } from '../../domain/orders/apply-expiry-extension';
import { endOfLocalDay } from '../../domain/orders/end-of-local-day';
import { giftPageUrl } from '../../domain/orders/gift-page-url';

/**
 * The owner answers a recipient's request for more time, once (ADR 064). Extending moves the
 * expiry to the end of the day one of the offered lengths from today (default: the gift's
 * validity)
 * and makes the gift redeemable again, as the team's extension does; declining leaves it
 * expired. Either way the recipient is emailed in their language when we have their address
 * (the gift page shows the answer otherwise). Another business's order is "not found".
 */
export async function decideExtension(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  userId: string,
  orderId: string,
  input: ExtensionDecisionInput,
): Promise<ExtensionDecisionResult> {
  const now = ctx.now();
  const business = await requireOwnedBusiness(ctx.db, userId, { mustBeActive: true });
  if (!isUuid(orderId)) throw new AppError('order_not_found', 404, 'No such order');
  return ctx.db.transaction(async (tx): Promise<ExtensionDecisionResult> => {
    const [row] = await tx
      .select({ order: orders, giftName: gifts.name, validityDays: gifts.validityDays, businessName: businesses.name })
      .from(orders)
      .innerJoin(gifts, eq(gifts.id, orders.giftId))
      .innerJoin(businesses, eq(businesses.id, orders.businessId))
      .where(and(eq(orders.id, orderId), eq(orders.businessId, business.id)))
      .for('update', { of: orders });
    if (!row) throw new AppError('order_not_found', 404, 'No such order');
    const before = row.order;
    if (!before.extensionRequestedAt) throw AppError.conflict('extension_not_requested', 'Nobody asked for more time for this gift');
    if (before.extensionDecidedAt) throw AppError.conflict('extension_already_decided', 'This request was already answered');

    if (input.decision === 'extend') {
      if (before.status !== 'paid' && before.status !== 'expired') {
        throw AppError.conflict('order_not_extendable', 'Only a gift that has not been redeemed or cancelled can be extended');
      }
      const days = input.days ?? row.validityDays;
      const expiresAt = endOfLocalDay(addDays(localDateOf(now), days));
      if (!extensionLengthsFor(row.validityDays).includes(days) || expiresAt <= before.expiresAt) {
        throw AppError.validation({ days: 'invalidExtensionLength' }, 'Choose one of the lengths offered');
      }
      await applyExpiryExtension(tx, ctx.config.publicUrl, before, row, expiresAt, now, {
        extensionDecision: 'extended',
        extensionDecidedAt: now,
      });
      return { id: before.id, status: 'paid', expiresAt: expiresAt.toISOString(), extensionDecision: 'extended' };
    }

    await tx
      .update(orders)
      .set({ extensionDecision: 'declined', extensionDecidedAt: now, updatedAt: now })
      .where(eq(orders.id, before.id));
    if (before.recipientEmail) {
      await enqueueMail(tx, {
        to: before.recipientEmail,
        template: 'gift-extension-declined',
        locale: before.recipientLocale,
        data: {
          recipientName: before.recipientName,
          giftName: row.giftName,
          businessName: row.businessName,
          giftUrl: giftPageUrl(ctx.config.publicUrl, before.qrCode),
        },
      });
    }
    return { id: before.id, status: 'expired', expiresAt: before.expiresAt.toISOString(), extensionDecision: 'declined' };
  });
}
