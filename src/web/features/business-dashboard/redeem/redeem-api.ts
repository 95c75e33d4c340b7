import { redemptionOrderSchema, type RedeemInput } from '@shared/contracts/redemption';
import { apiRequest } from '@web/lib/api-client';

export function lookUpGift(code: string, signal?: AbortSignal) {
  return apiRequest('/api/business/redemptions/lookup', {
    method: 'POST',
    body: { code },
    schema: redemptionOrderSchema,
    signal,
  });
}

export function redeemGift(input: RedeemInput) {
  return apiRequest('/api/business/redemptions', { method: 'POST', body: input, schema: redemptionOrderSchema });
}
