import type { Locale } from '@shared/locale';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

// Response contracts, loaded only where answers are checked: development and tests (ADR 039).
const payoutsContract = () => import('@shared/contracts/payouts');
const statementsContract = () => import('@shared/contracts/statements');

export const payoutKeys = {
  account: ['dashboard', 'payout-account'] as const,
  payouts: ['dashboard', 'payouts'] as const,
  months: ['dashboard', 'statements'] as const,
  statement: (month: string) => ['dashboard', 'statements', month] as const,
};

/** The payout account's state: whether the business can be paid, hence sold. */
export function usePayoutAccount() {
  return useQuery({
    queryKey: payoutKeys.account,
    queryFn: ({ signal }) => apiRequest('/api/business/payout-account', { contract: () => payoutsContract().then((m) => m.payoutAccountSchema), signal }),
  });
}

/** The account, the balances (ledger sums) and the transfers, newest first. */
export function useBusinessPayouts() {
  return useQuery({
    queryKey: payoutKeys.payouts,
    queryFn: ({ signal }) => apiRequest('/api/business/payouts', { contract: () => payoutsContract().then((m) => m.businessPayoutsSchema), signal }),
  });
}

/** Asks for the onboarding link (creating the connected account the first time) and goes there. */
export function useStartOnboarding() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/business/payout-account/onboarding', { method: 'POST', contract: () => payoutsContract().then((m) => m.onboardingLinkSchema) }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useStatementMonths() {
  return useQuery({
    queryKey: payoutKeys.months,
    queryFn: ({ signal }) => apiRequest('/api/business/statements', { contract: () => statementsContract().then((m) => m.statementMonthsSchema), signal }),
  });
}

export function useStatement(month: string | null) {
  return useQuery({
    queryKey: payoutKeys.statement(month ?? ''),
    enabled: month !== null,
    queryFn: ({ signal }) =>
      apiRequest(`/api/business/statements/${encodeURIComponent(month!)}`, { contract: () => statementsContract().then((m) => m.statementSchema), signal }),
  });
}

export const statementCsvUrl = (month: string, language: Locale) => `/api/business/statements/${encodeURIComponent(month)}/csv?lang=${language}`;

const invoicesContract = () => import('@shared/contracts/invoices');

/** Regalo's commission invoices to this business, newest first. */
export function useBusinessInvoices() {
  return useQuery({
    queryKey: ['dashboard', 'invoices'] as const,
    queryFn: ({ signal }) => apiRequest('/api/business/invoices', { contract: () => invoicesContract().then((m) => m.invoiceListSchema), signal }),
  });
}

/**
 * Corrects an invoice's recipient to the current invoicing details: the server issues a
 * rectifying invoice by substitution (ADR 061); the list then shows it and the one it replaced.
 */
export function useRectifyInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: string) =>
      apiRequest(`/api/business/invoices/${encodeURIComponent(invoiceId)}/rectify`, {
        method: 'POST',
        contract: () => invoicesContract().then((m) => m.rectifyInvoiceResultSchema),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['dashboard', 'invoices'] }),
  });
}

export const invoicePageUrl = (id: string, language: Locale) => `/api/business/invoices/${encodeURIComponent(id)}/html?lang=${language}`;
export const invoicePdfUrl = (id: string, language: Locale) => `/api/business/invoices/${encodeURIComponent(id)}/pdf?lang=${language}`;
