import { useMutation, useQuery } from '@tanstack/react-query';
import type { Checkout, CreateCheckoutInput, TestPaymentOutcome } from '@shared/contracts/checkout';
import type { PaymentMethod } from '@shared/domain/payment-method';
import type { CreateGuestCheckoutInput } from '@shared/contracts/guest-checkout';
import { apiRequest } from '@web/lib/api-client';
import { useLanguage } from '@web/lib/language';
import { pollDelay as defaultPollDelay } from './poll-delay';

// Response contracts, loaded only where answers are checked: development and tests (ADR 039).
const checkoutContract = () => import('@shared/contracts/checkout');
const contactsContract = () => import('@shared/contracts/contacts');

export const checkoutKeys = {
  // Names come in the reader's language: a language switch asks again.
  quote: (giftIds: string[], language: string) => ['checkout', 'quote', language, giftIds] as const,
  checkout: (id: string) => ['checkout', 'checkout', id] as const,
  contacts: ['checkout', 'contacts'] as const,
};

/** Today's price, validity and availability of each distinct gift in the cart. */
export function useQuote(giftIds: string[]) {
  const language = useLanguage();
  return useQuery({
    queryKey: checkoutKeys.quote(giftIds, language),
    queryFn: ({ signal }) =>
      apiRequest('/api/checkouts/quote', { method: 'POST', body: { giftIds }, contract: () => checkoutContract().then((m) => m.checkoutQuoteSchema), signal }),
    enabled: giftIds.length > 0,
  });
}

/** The giver's contacts, to pick a recipient from (the same list as the Contacts tab); a guest has none. */
export function useGiverContacts({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: checkoutKeys.contacts,
    queryFn: ({ signal }) => apiRequest('/api/contacts', { contract: () => contactsContract().then((m) => m.contactListSchema), signal }),
    enabled,
  });
}

export function createCheckout(input: CreateCheckoutInput): Promise<Checkout> {
  return apiRequest('/api/checkouts', { method: 'POST', body: input, contract: () => checkoutContract().then((m) => m.checkoutSchema) });
}

/** A guest's checkout (ADR 075): the answer's cookie lets this browser follow and pay it. */
export function createGuestCheckout(input: CreateGuestCheckoutInput): Promise<Checkout> {
  return apiRequest('/api/guest-checkouts', { method: 'POST', body: input, contract: () => checkoutContract().then((m) => m.checkoutSchema) });
}

/**
 * One checkout; with `poll`, asked again with a growing wait while it is `pending` (a Stripe
 * webhook arrives when it arrives) and no more once it is settled.
 */
export function useCheckout(id: string, { poll = false, pollDelay = defaultPollDelay } = {}) {
  return useQuery({
    queryKey: checkoutKeys.checkout(id),
    queryFn: ({ signal }) => apiRequest(`/api/checkouts/${encodeURIComponent(id)}`, { contract: () => checkoutContract().then((m) => m.checkoutSchema), signal }),
    staleTime: 0,
    refetchInterval: (query) =>
      poll && query.state.data?.status === 'pending' ? pollDelay(query.state.dataUpdateCount - 1) : false,
  });
}

/** A button of the test payment page: an outcome, paid by card or by "Bizum (test)" (ADR 106). */
export type TestPaymentAction = { outcome: TestPaymentOutcome; method: PaymentMethod };

export function useTestPayment(id: string) {
  return useMutation({
    mutationFn: ({ outcome, method }: TestPaymentAction) =>
      apiRequest(`/api/payments/test/${encodeURIComponent(id)}/${outcome}`, {
        method: 'POST',
        body: { method },
        contract: () => checkoutContract().then((m) => m.checkoutSchema),
      }),
  });
}
