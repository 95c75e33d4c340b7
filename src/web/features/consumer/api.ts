import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { GiftSort } from '@shared/contracts/catalog';
import { giftsListingPath } from '@shared/contracts/catalog-options';
import type { Contact, ContactInput, ContactList } from '@shared/contracts/contacts';
import type { UpdateDeliveryInput } from '@shared/contracts/checkout';
import type { MyOrderList } from '@shared/contracts/my-orders';
import type { UpdateProfileInput } from '@shared/contracts/profile';
import type { BusinessCategory } from '@shared/domain/business';
import { apiRequest } from '@web/lib/api-client';
import { useLanguage } from '@web/lib/language';
import { refreshSession } from '@web/lib/session';
import { myOrdersScope, useOrdersScope } from './orders-scope';

// Response contracts, loaded only where answers are checked: development and tests (ADR 039).
const catalogContract = () => import('@shared/contracts/catalog');
const contactsContract = () => import('@shared/contracts/contacts');
const myOrdersContract = () => import('@shared/contracts/my-orders');
const businessOnboardingContract = () => import('@shared/contracts/business-onboarding');
const profileContract = () => import('@shared/contracts/profile');

export const queryKeys = {
  // The catalogue answers in the reader's language (names and descriptions a business wrote
  // in several, ADR 073): a language switch asks again instead of showing the old answer.
  businesses: (filters: object, language: string) => ['catalog', language, 'businesses', filters] as const,
  business: (id: string, language: string) => ['catalog', language, 'business', id] as const,
  gifts: (filters: object, language: string) => ['catalog', language, 'gifts', filters] as const,
  contacts: (q: string) => ['contacts', q] as const,
  allContacts: ['contacts'] as const,
  myOrders: ['my-orders'] as const,
  pendingPurchases: ['my-orders', 'pending'] as const,
  profile: ['profile'] as const,
  passwordStatus: ['account', 'password'] as const,
};

function toQueryString(params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface BusinessFilters {
  category?: BusinessCategory;
  q?: string;
  page: number;
}

export function useCatalogBusinesses(filters: BusinessFilters) {
  const language = useLanguage();
  return useQuery({
    queryKey: queryKeys.businesses(filters, language),
    queryFn: ({ signal }) =>
      apiRequest(`/api/catalog/businesses${toQueryString({ ...filters })}`, {
        contract: () => catalogContract().then((m) => m.catalogBusinessPageSchema),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCatalogBusiness(id: string | null) {
  const language = useLanguage();
  return useQuery({
    queryKey: queryKeys.business(id ?? '', language),
    queryFn: ({ signal }) =>
      apiRequest(`/api/catalog/businesses/${encodeURIComponent(id!)}`, {
        contract: () => catalogContract().then((m) => m.catalogBusinessDetailSchema),
        signal,
      }),
    enabled: id !== null,
  });
}

export interface GiftFilters {
  category?: BusinessCategory;
  q?: string;
  sort: GiftSort;
  page: number;
  pageSize: number;
}

export function useCatalogGifts(filters: GiftFilters) {
  const language = useLanguage();
  return useQuery({
    queryKey: queryKeys.gifts(filters, language),
    queryFn: ({ signal }) =>
      apiRequest(giftsListingPath(filters), {
        contract: () => catalogContract().then((m) => m.catalogGiftPageSchema),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useContacts(q: string) {
  return useQuery({
    queryKey: queryKeys.contacts(q),
    queryFn: ({ signal }) =>
      apiRequest(`/api/contacts${toQueryString({ q })}`, { contract: () => contactsContract().then((m) => m.contactListSchema), signal }),
    placeholderData: keepPreviousData,
  });
}

/** Keeps every cached contact list (one per search text) in step with a change. */
function useContactCache() {
  const client = useQueryClient();
  return {
    client,
    update(change: (items: Contact[]) => Contact[]) {
      client.setQueriesData<ContactList>({ queryKey: queryKeys.allContacts }, (old) =>
        old ? { items: change(old.items) } : old,
      );
    },
    invalidate: () => client.invalidateQueries({ queryKey: queryKeys.allContacts }),
  };
}

const byName = (a: Contact, b: Contact) =>
  a.name.localeCompare(b.name, 'es', { sensitivity: 'base' });

export function useCreateContact() {
  const cache = useContactCache();
  return useMutation({
    mutationFn: (input: ContactInput) =>
      apiRequest('/api/contacts', { method: 'POST', body: input, contract: () => contactsContract().then((m) => m.contactSchema) }),
    onSuccess: () => cache.invalidate(),
  });
}

export function useUpdateContact() {
  const cache = useContactCache();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ContactInput }) =>
      apiRequest(`/api/contacts/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: input,
        contract: () => contactsContract().then((m) => m.contactSchema),
      }),
    onSuccess: (updated) => {
      cache.update((items) => items.map((c) => (c.id === updated.id ? updated : c)).sort(byName));
      void cache.invalidate();
    },
  });
}

export function useDeleteContact() {
  const cache = useContactCache();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/contacts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    // Optimistic: the row disappears at once and comes back if the server refuses.
    onMutate: async (id) => {
      await cache.client.cancelQueries({ queryKey: queryKeys.allContacts });
      const previous = cache.client.getQueriesData<ContactList>({ queryKey: queryKeys.allContacts });
      cache.update((items) => items.filter((c) => c.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      for (const [key, data] of context?.previous ?? []) cache.client.setQueryData(key, data);
    },
    onSettled: () => cache.invalidate(),
  });
}

/** While a gift email waits for the mail server, the list is asked again this often. */
const SENDING_POLL_MS = 10_000;

/** The giver's paid orders, a page at a time ("Load more"), newest first. */
export function useMyOrders() {
  return useInfiniteQuery({
    queryKey: [...queryKeys.myOrders, 'list'],
    queryFn: ({ signal, pageParam }) =>
      apiRequest(`/api/my/orders${toQueryString({ cursor: pageParam })}`, { contract: () => myOrdersContract().then((m) => m.myOrderListSchema), signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // "Sending" turns into "delivered" by itself once the mail server has taken the email.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((order) => order.deliveryState === 'sending')) ? SENDING_POLL_MS : false,
  });
}

/** Checkouts the giver can still pay (one per checkout), with their payment link. */
export function usePendingPurchases() {
  return useQuery({
    queryKey: queryKeys.pendingPurchases,
    queryFn: ({ signal }) =>
      apiRequest('/api/my/pending-purchases', { contract: () => myOrdersContract().then((m) => m.pendingPurchaseListSchema), signal }),
  });
}

export function useDiscardPendingPurchase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (checkoutId: string) =>
      apiRequest(`/api/my/pending-purchases/${encodeURIComponent(checkoutId)}/discard`, { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.pendingPurchases }),
  });
}

/** Sends the recipient's gift email again. Hitting the resend limit has its own words, on the card. */
export function useResendOrderEmail() {
  const client = useQueryClient();
  const scope = useOrdersScope();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiRequest(`${scope.ordersPath}/${encodeURIComponent(orderId)}/resend`, { method: 'POST', body: {} }),
    meta: { ownMessageFor: ['rate_limited'] },
    // The card now says "sending" (and offers no second resend) until the email has left.
    onSuccess: () => client.invalidateQueries({ queryKey: scope.listKey }),
  });
}

/** Changes a not-yet-delivered gift's delivery moment or address; the list shows the answer. */
export function useUpdateDelivery() {
  const client = useQueryClient();
  const scope = useOrdersScope();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: UpdateDeliveryInput }) =>
      apiRequest(`${scope.ordersPath}/${encodeURIComponent(orderId)}/delivery`, {
        method: 'PATCH',
        body: input,
        contract: () => myOrdersContract().then((m) => m.myOrderSchema),
      }),
    meta: { inlineError: true },
    onSuccess: (updated) => {
      if (scope !== myOrdersScope) return void client.invalidateQueries({ queryKey: scope.listKey });
      client.setQueryData<InfiniteData<MyOrderList>>(scope.listKey, (old) =>
        old
          ? { ...old, pages: old.pages.map((page) => ({ ...page, items: page.items.map((order) => (order.id === updated.id ? updated : order)) })) }
          : old,
      );
    },
  });
}

/** A guest's purchase, opened by its signed link (ADR 075); "sending" turns into "delivered" by itself. */
export function usePurchase(token: string) {
  return useQuery({
    queryKey: ['purchase', token] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/api/purchases/${encodeURIComponent(token)}`, { contract: () => import('@shared/contracts/guest-checkout').then((m) => m.purchaseViewSchema), signal }),
    refetchInterval: (query) => (query.state.data?.orders.some((order) => order.deliveryState === 'sending') ? SENDING_POLL_MS : false),
  });
}

/**
 * "Add to my account" on a purchase page: the answer is the purchase as the page shows it
 * now (in this account's "My orders"). The card says why it failed, so no toast.
 */
export function useAddPurchaseToAccount(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/purchases/${encodeURIComponent(token)}/claim`, {
        method: 'POST',
        contract: () => import('@shared/contracts/guest-checkout').then((m) => m.purchaseViewSchema),
      }),
    onSuccess: (purchase) => client.setQueryData(['purchase', token], purchase),
    meta: { inlineError: true },
  });
}

export function useProfile() {
  return useQuery({
    queryKey: queryKeys.profile,
    queryFn: ({ signal }) => apiRequest('/api/profile', { contract: () => profileContract().then((m) => m.profileSchema), signal }),
  });
}

/** Whether the account has a password: deleting it then asks for the password, not the email. */
export function usePasswordStatus() {
  return useQuery({
    queryKey: queryKeys.passwordStatus,
    queryFn: ({ signal }) => apiRequest('/api/account/password', { contract: () => businessOnboardingContract().then((m) => m.passwordStatusSchema), signal }),
  });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) =>
      apiRequest('/api/profile', { method: 'PATCH', body: input, contract: () => profileContract().then((m) => m.profileSchema) }),
    onSuccess: (profile) => {
      client.setQueryData(queryKeys.profile, profile);
      // The headers show the session's name: re-read it so the new name appears at once.
      void refreshSession();
    },
  });
}
