import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

// Response contracts, loaded only where answers are checked: development and tests (ADR 039).
const adminContract = () => import('@shared/contracts/admin');
const bookingHealthContract = () => import('@shared/contracts/admin-booking-health');

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  bookingHealth: ['admin', 'booking-health'] as const,
  applications: ['admin', 'applications'] as const,
  businesses: (params: Record<string, string>) => ['admin', 'businesses', params] as const,
  business: (id: string) => ['admin', 'business', id] as const,
  orders: (params: Record<string, string>) => ['admin', 'orders', params] as const,
  audit: (params: Record<string, string>) => ['admin', 'audit', params] as const,
};

export function toQueryString(params: Record<string, string | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const useOverview = () =>
  useQuery({ queryKey: adminKeys.overview, queryFn: ({ signal }) => apiRequest('/api/admin/overview', { contract: () => adminContract().then((m) => m.adminOverviewSchema), signal }) });

export const useBookingHealth = () =>
  useQuery({
    queryKey: adminKeys.bookingHealth,
    queryFn: ({ signal }) => apiRequest('/api/admin/booking-health', { contract: () => bookingHealthContract().then((m) => m.bookingHealthSchema), signal }),
  });

export const useApplications = () =>
  useQuery({
    queryKey: adminKeys.applications,
    queryFn: ({ signal }) => apiRequest('/api/admin/applications', { contract: () => adminContract().then((m) => m.applicationQueueSchema), signal }),
  });

export const useBusinesses = (params: Record<string, string>) =>
  useQuery({
    queryKey: adminKeys.businesses(params),
    queryFn: ({ signal }) => apiRequest(`/api/admin/businesses${toQueryString(params)}`, { contract: () => adminContract().then((m) => m.adminBusinessListSchema), signal }),
    placeholderData: keepPreviousData,
  });

export const useBusiness = (id: string) =>
  useQuery({
    queryKey: adminKeys.business(id),
    queryFn: ({ signal }) => apiRequest(`/api/admin/businesses/${id}`, { contract: () => adminContract().then((m) => m.adminBusinessDetailSchema), signal }),
  });

export const useOrders = (params: Record<string, string>) =>
  useQuery({
    queryKey: adminKeys.orders(params),
    queryFn: ({ signal }) => apiRequest(`/api/admin/orders${toQueryString(params)}`, { contract: () => adminContract().then((m) => m.adminOrderPageSchema), signal }),
    placeholderData: keepPreviousData,
  });

export const useAudit = (params: Record<string, string>) =>
  useQuery({
    queryKey: adminKeys.audit(params),
    queryFn: ({ signal }) => apiRequest(`/api/admin/audit${toQueryString(params)}`, { contract: () => adminContract().then((m) => m.adminAuditPageSchema), signal }),
    placeholderData: keepPreviousData,
  });

type BusinessAction =
  | { kind: 'approve'; body: { commissionRate: number; notes?: string } }
  | { kind: 'reject'; body: { reason: string } }
  | { kind: 'commission'; body: { commissionRate: number; reason?: string } }
  | { kind: 'deactivate'; body: { reason?: string } }
  | { kind: 'reactivate'; body: { reason?: string } };

/** Any change to a business; afterwards every admin view is read again (counts, queue, audit). */
export function useBusinessAction(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: BusinessAction) =>
      apiRequest(`/api/admin/businesses/${businessId}/${action.kind}`, {
        method: action.kind === 'commission' ? 'PATCH' : 'POST',
        body: action.body,
        contract: () => adminContract().then((m) => m.adminBusinessDetailSchema),
      }),
    onSuccess: async (detail) => {
      client.setQueryData(adminKeys.business(businessId), detail);
      await client.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export function useExtendExpiry(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { expiresOn: string; reason: string }) =>
      apiRequest(`/api/admin/orders/${orderId}/extend-expiry`, { method: 'POST', body, contract: () => adminContract().then((m) => m.adminOrderSchema) }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useCancelOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string }) =>
      apiRequest(`/api/admin/orders/${orderId}/cancel`, { method: 'POST', body, contract: () => adminContract().then((m) => m.adminOrderSchema) }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

// Reports of listings (DSA arts. 16-17, ADR 059)
const reportContract = () => import('@shared/contracts/listing-reports');
export const reportKeys = { list: (status: string) => ['admin', 'reports', status] as const };

export const useReports = (status: string) =>
  useQuery({
    queryKey: reportKeys.list(status),
    queryFn: ({ signal }) => apiRequest(`/api/admin/reports?status=${status}`, { contract: () => reportContract().then((m) => m.adminReportListSchema), signal }),
  });

export function useDecideReport(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { decision: 'hide' | 'keep'; reason: string; facts: string | null }) =>
      apiRequest(`/api/admin/reports/${reportId}/decision`, { method: 'POST', body, contract: () => reportContract().then((m) => m.adminReportSchema) }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** "Back up now" (ADR 094): the running server writes a backup into its backups folder. */
export const useBackupNow = () =>
  useMutation({
    mutationFn: () => apiRequest('/api/admin/backups', { method: 'POST', contract: () => import('@shared/contracts/backup').then((m) => m.backupResultSchema) }),
  });
