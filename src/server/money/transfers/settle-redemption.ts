import type { Executor } from '../../db/client';
import { recordRedemption, type RedemptionInput } from '../ledger/record-redemption';
import { bringTransferForward } from './transfer-schedule';

/**
 * A gift redeemed at the counter, as the money module settles it, in the redemption's
 * transaction: the `redeemed` movement with its ledger row and redemption record, and the
 * business's transfer made due now rather than at the end of the withdrawal period (ADR 053,
 * 096). The caller (the counter's use case) has already claimed the gift by its conditional
 * update; it never touches the ledger or the transfer itself.
 */
export async function settleRedemption(tx: Executor, input: RedemptionInput): Promise<string> {
  const movementId = await recordRedemption(tx, input);
  await bringTransferForward(tx, input.orderId, input.at);
  return movementId;
}
