import type { Locale } from '@shared/locale';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

// Response contracts, loaded only where answers are checked: development and tests (ADR 039).
const invoicesContract = () => import('@shared/contracts/invoices');

export const invoiceKeys = {
  list: ['admin', 'invoices'] as const,
  missing: ['admin', 'invoices', 'missing-data'] as const,
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

export function useCancelInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest(`/api/admin/invoices/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: invoiceKeys.list }),
  });
}

export const invoiceBookCsvUrl = (quarter: string, language: Locale) => `/api/admin/invoices/book/${encodeURIComponent(quarter)}/csv?lang=${language}`;
export const dac7CsvUrl = (year: number, language: Locale) => `/api/admin/dac7/${year}/csv?lang=${language}`;
export const VERIFACTU_RECORDS_URL = '/api/admin/verifactu/records';
