import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UPLOAD_FIELDS } from '@shared/contracts/upload-fields';
import type { BusinessProfilePatchInput, CommissionAcceptance, DashboardBusiness, InvoicingDetailsInput, OwnerMailSettings, DashboardGiftList, ExtensionDecisionInput, GiftInput, GiftPatchInput } from '@shared/contracts/business-dashboard';
import type { BusinessOrderFilter } from '@shared/domain/order-status';
import type { SellerDetailsInput } from '@shared/contracts/seller-details';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { uploadWithProgress } from '@web/lib/upload-with-progress';

// Response contracts, loaded only where answers are checked: development and tests (ADR 039).
const businessDashboardContract = () => import('@shared/contracts/business-dashboard');

export const dashboardKeys = {
  business: ['dashboard', 'business'] as const,
  gifts: ['dashboard', 'gifts'] as const,
  orders: (status: BusinessOrderFilter | 'all') => ['dashboard', 'orders', status] as const,
  allOrders: ['dashboard', 'orders'] as const,
  analytics: (from: string, to: string) => ['dashboard', 'analytics', from, to] as const,
  signupDraft: ['dashboard', 'signup-draft'] as const,
  launchChecklist: ['dashboard', 'launch-checklist'] as const,
};

function toQueryString(params: Record<string, string | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Whether the account has an unfinished sign-up (ADR 066): the 'create it first' card then offers to continue. */
export function useHasSignupDraft(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.signupDraft,
    queryFn: async ({ signal }) => {
      const result = await apiRequest('/api/business/signup-draft', {
        contract: () => import('@shared/contracts/business-onboarding').then((m) => m.signupDraftResultSchema),
        signal,
      });
      return result.draft !== null;
    },
    enabled,
    retry: false,
  });
}

/** The signed-in owner's business, or null when they own none (the 'create it first' card). */
export function useOwnBusiness() {
  return useQuery({
    queryKey: dashboardKeys.business,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest('/api/business/me', { contract: () => businessDashboardContract().then((m) => m.dashboardBusinessSchema), signal });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'business_not_found') return null;
        throw error;
      }
    },
  });
}

/**
 * What is left before the business's gifts are on sale. Read again each time the card shows
 * (staleTime 0): every step is done on another tab or on the payment provider's page.
 */
export function useLaunchChecklist() {
  return useQuery({
    queryKey: dashboardKeys.launchChecklist,
    queryFn: ({ signal }) =>
      apiRequest('/api/business/launch-checklist', { contract: () => import('@shared/contracts/launch-checklist').then((m) => m.launchChecklistSchema), signal }),
    staleTime: 0,
  });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BusinessProfilePatchInput) =>
      apiRequest('/api/business/me', { method: 'PATCH', body: input, contract: () => businessDashboardContract().then((m) => m.dashboardBusinessSchema) }),
    onSuccess: (business) => client.setQueryData(dashboardKeys.business, business),
  });
}

/** The owner accepts the commission the team proposed, as shown (ADR 065). */
export function useAcceptCommission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CommissionAcceptance) =>
      apiRequest('/api/business/commission/accept', { method: 'POST', body: input, contract: () => businessDashboardContract().then((m) => m.dashboardBusinessSchema) }),
    onSuccess: (business) => {
      client.setQueryData(dashboardKeys.business, business);
      // Accepting is a step of the launch checklist shown beside the proposal.
      void client.invalidateQueries({ queryKey: dashboardKeys.launchChecklist });
    },
    // A proposal changed or withdrawn meanwhile: show the current one.
    onError: () => client.invalidateQueries({ queryKey: dashboardKeys.business }),
  });
}

/** A mail per sale or cancellation, or one daily summary (ADR 065). */
export function useUpdateMailSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OwnerMailSettings) =>
      apiRequest('/api/business/mail-settings', { method: 'PUT', body: input, contract: () => businessDashboardContract().then((m) => m.dashboardBusinessSchema) }),
    onSuccess: (business) => client.setQueryData(dashboardKeys.business, business),
  });
}

/** The dashboard's invoicing-details task (legal name, fiscal address, district). */
export function useUpdateInvoicingDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InvoicingDetailsInput) =>
      apiRequest('/api/business/invoicing-details', { method: 'PUT', body: input, contract: () => businessDashboardContract().then((m) => m.dashboardBusinessSchema) }),
    onSuccess: (business) => client.setQueryData(dashboardKeys.business, business),
  });
}

/** The seller details DAC7 reports (ADR 100): every field optional, checked by the server. */
export function useUpdateSellerDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SellerDetailsInput) =>
      apiRequest('/api/business/seller-details', { method: 'PUT', body: input, contract: () => businessDashboardContract().then((m) => m.dashboardBusinessSchema) }),
    onSuccess: (business) => client.setQueryData(dashboardKeys.business, business),
  });
}

export function removeBusinessImage() {
  return apiRequest<void>('/api/business/image', { method: 'DELETE' });
}

export function useGifts() {
  return useQuery({
    queryKey: dashboardKeys.gifts,
    queryFn: ({ signal }) => apiRequest('/api/business/gifts', { contract: () => businessDashboardContract().then((m) => m.dashboardGiftListSchema), signal }),
  });
}

export function createGift(input: GiftInput) {
  return apiRequest('/api/business/gifts', { method: 'POST', body: input, contract: () => businessDashboardContract().then((m) => m.dashboardGiftSchema) });
}

export function updateGift(id: string, input: GiftPatchInput) {
  return apiRequest(`/api/business/gifts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
    contract: () => businessDashboardContract().then((m) => m.dashboardGiftSchema),
  });
}

export function uploadGiftImage(id: string, file: File, onProgress: (fraction: number) => void) {
  const body = new FormData();
  body.append(UPLOAD_FIELDS.file, file, file.name);
  return uploadWithProgress(
    `/api/business/gifts/${encodeURIComponent(id)}/image`,
    body,
    () => businessDashboardContract().then((m) => m.giftImageSchema),
    onProgress,
    'image_too_large',
  );
}

export function removeGiftImage(id: string) {
  return apiRequest<void>(`/api/business/gifts/${encodeURIComponent(id)}/image`, { method: 'DELETE' });
}

export function useToggleGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isAvailable }: { id: string; isAvailable: boolean }) => updateGift(id, { isAvailable }),
    onSuccess: (gift) =>
      client.setQueryData<DashboardGiftList>(dashboardKeys.gifts, (list) =>
        list ? { items: list.items.map((item) => (item.id === gift.id ? gift : item)) } : list,
      ),
  });
}

export function useDeleteGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/business/gifts/${encodeURIComponent(id)}`, { method: 'DELETE', contract: () => businessDashboardContract().then((m) => m.giftDeleteResultSchema) }),
    onSuccess: (result) => {
      client.setQueryData<DashboardGiftList>(dashboardKeys.gifts, (list) =>
        list ? { items: list.items.filter((item) => item.id !== result.id) } : list,
      );
      client.setQueryData<DashboardBusiness | null>(dashboardKeys.business, (business) =>
        business ? { ...business, totals: { ...business.totals, gifts: Math.max(0, business.totals.gifts - 1) } } : business,
      );
    },
  });
}

export function useOrders(status: BusinessOrderFilter | 'all') {
  return useInfiniteQuery({
    queryKey: dashboardKeys.orders(status),
    queryFn: ({ signal, pageParam }) =>
      apiRequest(
        `/api/business/orders${toQueryString({ status: status === 'all' ? undefined : status, cursor: pageParam })}`,
        { contract: () => businessDashboardContract().then((m) => m.dashboardOrderPageSchema), signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/**
 * The owner answers a recipient's request for more time (ADR 064); the lists reload, and so
 * does the business, whose Orders tab counts the requests still waiting.
 */
export function useDecideExtension() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & ExtensionDecisionInput) =>
      apiRequest(`/api/business/orders/${encodeURIComponent(id)}/extension`, {
        method: 'POST',
        body,
        contract: () => businessDashboardContract().then((m) => m.extensionDecisionResultSchema),
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: dashboardKeys.allOrders }),
        client.invalidateQueries({ queryKey: dashboardKeys.business }),
      ]),
  });
}

export function fetchOrderUpdates(since: string, signal?: AbortSignal) {
  return apiRequest(`/api/business/orders/updates${toQueryString({ since })}`, { contract: () => businessDashboardContract().then((m) => m.orderUpdatesSchema), signal });
}

export function useAnalytics(from: string, to: string) {
  return useQuery({
    queryKey: dashboardKeys.analytics(from, to),
    queryFn: ({ signal }) =>
      apiRequest(`/api/business/analytics${toQueryString({ from, to })}`, { contract: () => businessDashboardContract().then((m) => m.businessAnalyticsSchema), signal }),
    placeholderData: keepPreviousData,
    // An incomplete custom period asks for nothing rather than for the server's default.
    enabled: from !== '' && to !== '',
  });
}
