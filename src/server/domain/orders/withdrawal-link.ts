import { extendToWorkingDay } from '@shared/domain/working-days';
import { createCheckoutToken, readCheckoutToken, type CheckoutTokenCheck } from './signed-checkout-token';

/**
 * The receipt email's "Withdraw from contract here" link (ADR 064): it works without an
 * account, so it carries its own proof (signed-checkout-token.ts). It opens that purchase's
 * withdrawal form and nothing else of the account, and dies with the right.
 */
const PURPOSE = 'regalo-withdrawal-link-v1';

export function createWithdrawalToken(secret: string, checkoutId: string, expiresAt: Date): string {
  return createCheckoutToken(secret, PURPOSE, checkoutId, expiresAt);
}

export type WithdrawalTokenCheck = CheckoutTokenCheck;

/**
 * The link lives as long as the right (`withdrawalDeadline`): to the end of a working day
 * (ADR 083). A link mailed before the calendar was kept signs the 14th day's end even when
 * that day is a Sunday or a holiday; it is read as lasting to the end of the next working
 * day, as the right does. A link signed on a working day's end keeps it.
 */
export function readWithdrawalToken(secret: string, token: string, now: Date): WithdrawalTokenCheck {
  return readCheckoutToken(secret, PURPOSE, token, now, extendToWorkingDay);
}

/** The web app's withdrawal page for that token (a guest's thank-you and purchase pages link it). */
export const withdrawalLinkPath = (token: string) => `/withdraw/link/${token}`;

/** Where the receipt's link opens: the same page, as an absolute address. */
export function withdrawalLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${withdrawalLinkPath(token)}`;
}

/** The signed-in form of the same page (My orders, the thank-you page). */
export const withdrawalPagePath = (checkoutId: string) => `/withdraw/${checkoutId}`;
