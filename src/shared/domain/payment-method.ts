/**
 * How a giver paid, as the checkout page and the receipt name it (ADR 106): by card (Apple
 * Pay and Google Pay are cards to Stripe too) or by Bizum. The provider reports its own type
 * (Stripe's payment_method_details.type); any other type is named by neither.
 */
export const paymentMethods = ['card', 'bizum'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** The method a provider's type names, or null for one the pages do not name. */
export function toPaymentMethod(providerType: string | null | undefined): PaymentMethod | null {
  return (paymentMethods as readonly string[]).includes(providerType ?? '') ? (providerType as PaymentMethod) : null;
}

/**
 * The smallest total Bizum is offered for, in cents. Stripe's Bizum pages read here did not
 * state one; every other processor's Bizum documentation found says 0.50 EUR, so below it
 * only cards are offered rather than a choice that may be refused (ADR 106).
 */
export const BIZUM_MIN_AMOUNT = 50;

/** Bizum pays in euros only, from BIZUM_MIN_AMOUNT: then Stripe's Checkout offers it beside cards (ADR 106). */
export function offersBizum(currency: string, amount: number): boolean {
  return currency.toUpperCase() === 'EUR' && amount >= BIZUM_MIN_AMOUNT;
}

/**
 * A pending checkout whose payment the payer has authorised and their bank not yet confirmed
 * (Bizum): the provider named its method before confirming it (ADR 106).
 */
export function isAwaitingBank(checkout: { status: string; paymentMethod: string | null }): boolean {
  return checkout.status === 'pending' && checkout.paymentMethod !== null;
}
