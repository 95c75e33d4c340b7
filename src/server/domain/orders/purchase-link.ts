import { createCheckoutToken, readCheckoutToken, type CheckoutTokenCheck } from './signed-checkout-token';

/**
 * A guest's purchase link (ADR 075): the receipt email's way back to a purchase made without
 * an account, with everything "My orders" offers for it (its gifts' links, resend, change a
 * scheduled delivery, withdrawal). It names one checkout and opens nothing else; it is also
 * the browser's proof, kept in an HttpOnly cookie, while the guest pays.
 */
const PURPOSE = 'regalo-purchase-link-v1';

/**
 * How long a purchase link works: longer than any gift it can show lasts (the longest
 * validity a business may set is a year, an extension adds at most that again) and than the
 * 90 days after expiry in which the recipient may still ask for one.
 */
export const PURCHASE_LINK_LIFETIME_MS = 3 * 366 * 24 * 60 * 60 * 1000;

export function createPurchaseToken(secret: string, checkoutId: string, createdAt: Date): string {
  return createCheckoutToken(secret, PURPOSE, checkoutId, new Date(createdAt.getTime() + PURCHASE_LINK_LIFETIME_MS));
}

export function readPurchaseToken(secret: string, token: string, now: Date): CheckoutTokenCheck {
  return readCheckoutToken(secret, PURPOSE, token, now);
}

/** The web app's page for a purchase link. */
export const purchasePagePath = (token: string) => `/purchase/${token}`;
