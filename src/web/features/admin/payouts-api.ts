import type { Locale } from '@shared/locale';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TransferState } from '@shared/domain/payouts';
import { apiRequest } from '@web/lib/api-client';

// Response contracts, loaded only where answers are checked: development and tests (ADR 039).
const payoutsContract = () => import('@shared/contracts/admin-payouts');
const statementsContract = () => import('@shared/contracts/statements');

export const payoutKeys = {
  payouts: (state: TransferState) => ['admin', 'payouts', state] as const,
  totals: (month: string) => ['admin', 'statements', month] as const,
  statement: (businessId: string, month: string) => ['admin', 'statement', businessId, month] as const,
};

export const useAdminPayouts = (state: TransferState) =>
  useQuery({
    queryKey: payoutKeys.payouts(state),
    queryFn: ({ signal }) => apiRequest(`/api/admin/payouts?state=${state}`, { contract: () => payoutsContract().then((m) => m.adminPayoutsSchema), signal }),
    placeholderData: keepPreviousData,
  });

export function useRetryTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (transferId: string) => apiRequest<void>(`/api/admin/transfers/${encodeURIComponent(transferId)}/retry`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'payouts'] }),
  });
}

export const useMonthTotals = (month: string) =>
  useQuery({
    queryKey: payoutKeys.totals(month),
    queryFn: ({ signal }) => apiRequest(`/api/admin/statements/${encodeURIComponent(month)}`, { contract: () => statementsContract().then((m) => m.monthTotalsSchema), signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminStatement = (businessId: string | null, month: string) =>
  useQuery({
    queryKey: payoutKeys.statement(businessId ?? '', month),
    enabled: businessId !== null,
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/businesses/${encodeURIComponent(businessId!)}/statements/${encodeURIComponent(month)}`, {
        contract: () => statementsContract().then((m) => m.statementSchema),
        signal,
      }),
  });

export const adminStatementCsvUrl = (businessId: string, month: string, language: Locale) =>
  `/api/admin/businesses/${encodeURIComponent(businessId)}/statements/${encodeURIComponent(month)}/csv?lang=${language}`;
