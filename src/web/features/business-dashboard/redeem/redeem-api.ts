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
