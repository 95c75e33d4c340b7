import type { GiftPageView } from '../get-gift-page';

/**
 * What a pass says that can change after it was issued: the gift's status (used, expired,
 * withdrawn, cancelled), its validity (extended) and, for a gift card, its balance (each use
 * and each undo). The wallet-updates job compares it with the stored one (ADR 107). A fixed
 * gift's state has no balance part, so passes issued before cards had one are not told again.
 */
export function walletPassState(view: Pick<GiftPageView, 'status' | 'expiresAt' | 'card'>): string {
  const base = `${view.status}|${view.expiresAt.toISOString()}`;
  return view.card ? `${base}|${view.card.balanceCents}` : base;
}
