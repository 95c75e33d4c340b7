import type { RedeemInput } from '@shared/contracts/redemption';
import { apiRequest } from '@web/lib/api-client';

// Response contracts, loaded only where answers are checked: development and tests (ADR 039).
const redemptionContract = () => import('@shared/contracts/redemption');

export function lookUpGift(code: string, signal?: AbortSignal) {
  return apiRequest('/api/business/redemptions/lookup', {
    method: 'POST',
    body: { code },
    contract: () => redemptionContract().then((m) => m.redemptionOrderSchema),
    signal,
  });
}

export function redeemGift(input: RedeemInput) {
  return apiRequest('/api/business/redemptions', { method: 'POST', body: input, contract: () => redemptionContract().then((m) => m.redemptionOrderSchema) });
}

/** Undoes one of the business's card uses within its 30 minutes (ADR 104): the card afterwards. */
export function undoCardUse(useId: string, reason: string) {
  return apiRequest(`/api/business/redemptions/uses/${encodeURIComponent(useId)}/undo`, {
    method: 'POST',
    body: { reason },
    contract: () => redemptionContract().then((m) => m.redemptionOrderSchema),
  });
}
