import type { Locale } from '@shared/locale';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VerifactuSendState } from '@shared/domain/verifactu-send-states';
import { apiRequest } from '@web/lib/api-client';

// Response contracts, loaded only where answers are checked: development and tests (ADR 039).
const invoicesContract = () => import('@shared/contracts/invoices');

export const invoiceKeys = {
  list: ['admin', 'invoices'] as const,
  missing: ['admin', 'invoices', 'missing-data'] as const,
  submissions: (state: VerifactuSendState | '', page: number) => ['admin', 'verifactu', 'submissions', state, page] as const,
};

export const useAdminInvoices = () =>
  useQuery({
    queryKey: invoiceKeys.list,
    queryFn: ({ signal }) => apiRequest('/api/admin/invoices', { contract: () => invoicesContract().then((m) => m.invoiceListSchema), signal }),
  });

export const useMissingInvoicingData = () =>
  useQuery({
    queryKey: invoiceKeys.missing,
    queryFn: ({ signal }) => apiRequest('/api/admin/invoices/missing-data', { contract: () => invoicesContract().then((m) => m.missingInvoicingDataSchema), signal }),
  });

/** The sellers a year's DAC7 report cannot describe in full yet, and its due date (ADR 100). */
export const useDac7MissingSellers = (year: number) =>
  useQuery({
    queryKey: ['admin', 'dac7', 'missing', year] as const,
    queryFn: ({ signal }) => apiRequest(`/api/admin/dac7/${year}/missing`, { contract: () => import('@shared/contracts/seller-details').then((m) => m.dac7MissingSellerDataSchema), signal }),
    placeholderData: keepPreviousData,
  });

/** Each billing record's state with the AEAT, newest first, a page at a time. */
export const useVerifactuSubmissions = (state: VerifactuSendState | '', page: number) =>
  useQuery({
    queryKey: invoiceKeys.submissions(state, page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/verifactu/submissions?${new URLSearchParams({ ...(state ? { state } : {}), page: String(page) }).toString()}`, {
        contract: () => invoicesContract().then((m) => m.verifactuSubmissionPageSchema),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useCancelInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest(`/api/admin/invoices/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: { reason } }),
    onSuccess: async () => {
      // A cancellation adds a record to the chain.
      await Promise.all([client.invalidateQueries({ queryKey: invoiceKeys.list }), client.invalidateQueries({ queryKey: ['admin', 'verifactu'] })]);
    },
  });
}

export const invoiceBookCsvUrl = (quarter: string, language: Locale) => `/api/admin/invoices/book/${encodeURIComponent(quarter)}/csv?lang=${language}`;
export const dac7CsvUrl = (year: number, language: Locale) => `/api/admin/dac7/${year}/csv?lang=${language}`;
/** Any invoice's printable page and PDF, as the owner sees them (the admin may open every invoice). */
export const adminInvoicePageUrl = (id: string, language: Locale) => `/api/admin/invoices/${encodeURIComponent(id)}/html?lang=${language}`;
export const adminInvoicePdfUrl = (id: string, language: Locale) => `/api/admin/invoices/${encodeURIComponent(id)}/pdf?lang=${language}`;
export const VERIFACTU_RECORDS_URL = '/api/admin/verifactu/records';
