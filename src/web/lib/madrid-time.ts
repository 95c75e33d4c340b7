import type { DeliveryInput } from '@shared/contracts/checkout';
import { instantToMadridLocal, resolveDelivery } from '@shared/domain/delivery-time';

/**
 * The delivery picker's helpers. The rules themselves (Madrid wall clock → instant across
 * summer time, past and too-far limits) are the server's, from src/shared/domain/delivery-time.
 */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

export const toMadridLocal = instantToMadridLocal;

/** The same check the server makes, so the giver sees the problem before paying. */
export function deliveryError(delivery: DeliveryInput, now: Date): string | null {
  const decision = resolveDelivery(delivery, now);
  // The decision's error codes are the contract's field codes (checkoutFieldErrors).
  return decision.ok ? null : decision.error;
}

/** A sensible first choice when the giver switches to a scheduled delivery: tomorrow at 10:00. */
export function defaultScheduledDelivery(now: Date): DeliveryInput {
  return { kind: 'scheduled', date: addDays(instantToMadridLocal(now).date, 1), time: '10:00' };
}
