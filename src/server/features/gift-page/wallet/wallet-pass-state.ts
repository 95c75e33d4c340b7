import type { GiftPageView } from '../get-gift-page';

/**
 * What a pass says that can change after it was issued: the gift's status (used, expired,
 * withdrawn, cancelled) and its validity (extended). The wallet-updates job compares it with
 * the stored one (ADR 107).
 */
export function walletPassState(view: Pick<GiftPageView, 'status' | 'expiresAt'>): string {
  return `${view.status}|${view.expiresAt.toISOString()}`;
}
