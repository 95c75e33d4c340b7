/**
 * A gift's value as the sum of its movements (ADR 096). A purchase (a checkout) is paid by
 * one or more payments and issues gifts (orders); what a gift is worth at any moment is
 * `issued − redeemed + redemption_undone − refunded − expired + expiry_lifted − exchanged`, never
 * a stored total.
 * Amounts are positive cents; the kind says which way a movement moves the remaining value.
 * - issued: the gift's whole value, once, at payment;
 * - redeemed: an amount the recipient used at the business (a fixed gift: its whole value, once);
 * - refunded: value given back to the giver (a withdrawal, the team's cancellation);
 * - expired: the value left when the gift expired;
 * - expiry_lifted: an extension gave that value back to the recipient (fair expiry, ADR 064);
 * - exchanged: value turned into another gift or a booking (nothing writes it yet);
 * - redemption_undone: a card's use undone (a mistake at the counter, ADR 104): gives back
 *   exactly the `redeemed` movement it names, once.
 */
export const giftMovementKinds = ['issued', 'redeemed', 'refunded', 'expired', 'expiry_lifted', 'exchanged', 'redemption_undone'] as const;
export type GiftMovementKind = (typeof giftMovementKinds)[number];

/** What each kind does to the gift's remaining value. */
export const giftMovementSigns = {
  issued: 1,
  redeemed: -1,
  refunded: -1,
  expired: -1,
  expiry_lifted: 1,
  exchanged: -1,
  redemption_undone: 1,
} as const satisfies Record<GiftMovementKind, 1 | -1>;

/**
 * How a gift may be spent. `fixed`: one redemption takes its whole value, a partial one is
 * refused. `card`: a business's gift card, an amount spent in parts at that
 * business, each use a `redeemed` movement of its amount.
 */
export const giftValueKinds = ['fixed', 'card'] as const;
export type GiftValueKind = (typeof giftValueKinds)[number];

/**
 * Who bought a purchase: an account, a guest (name and email, ADR 075), and later a company.
 * Stored as a column the database derives from the checkout (it cannot disagree with it).
 */
export const purchaserKinds = ['account', 'guest'] as const;
export type PurchaserKind = (typeof purchaserKinds)[number];

/**
 * A movement's idempotency key: the issue once per gift; the others numbered per gift and
 * kind (the first expiry is `expired:<gift>:1`, one after an extension `expired:<gift>:2`). A
 * card's use is named by the counter's own key instead (`redeemed:<gift>:use-<key>`, ADR 104),
 * so a repeated request finds the use it made.
 */
export function giftMovementKey(kind: GiftMovementKind, orderId: string, ordinal?: number | string): string {
  return kind === 'issued' ? `issued:${orderId}` : `${kind}:${orderId}:${ordinal ?? 1}`;
}

/** The remaining value of a gift from its movements (the SQL sums use the same signs). */
export function remainingValue(movements: readonly { kind: GiftMovementKind; amount: number }[]): number {
  return movements.reduce((sum, m) => sum + giftMovementSigns[m.kind] * m.amount, 0);
}
