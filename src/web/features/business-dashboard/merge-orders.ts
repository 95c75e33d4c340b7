import type { DashboardOrder } from '@shared/contracts/business-dashboard';
import type { BusinessOrderFilter } from '@shared/domain/order-status';

export interface OrderPages {
  pages: { items: DashboardOrder[]; nextCursor: string | null }[];
  pageParams: unknown[];
}

/**
 * Folds polled updates into a loaded, filtered list: a known order is replaced (or dropped
 * when its new status no longer matches the filter), an unknown one that matches is added,
 * and the first page stays newest first. Updates can repeat an order; it is never doubled.
 */
export function mergeOrderUpdates(
  data: OrderPages,
  updates: readonly DashboardOrder[],
  filter: BusinessOrderFilter | 'all',
): OrderPages {
  const matches = (order: DashboardOrder) =>
    filter === 'all' ||
    (filter === 'extension_requested' ? order.extensionRequestedAt !== null && order.extensionDecision === null : order.status === filter);
  const byId = new Map(updates.map((order) => [order.id, order]));
  const known = new Set<string>();
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.flatMap((order) => {
      known.add(order.id);
      const updated = byId.get(order.id);
      if (!updated) return [order];
      return matches(updated) ? [updated] : [];
    }),
  }));
  const added = [...byId.values()].filter((order) => !known.has(order.id) && matches(order));
  if (added.length === 0) return { ...data, pages };
  const [first = { items: [], nextCursor: null }, ...rest] = pages;
  const items = [...added, ...first.items].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  );
  return { ...data, pages: [{ ...first, items }, ...rest] };
}

/**
 * Sorts one answer of the updates endpoint against what is already known (id → updatedAt):
 * the answers overlap in time, so the same order can come back unchanged. `changed` holds
 * each order that is new or different once; `added` the ones never seen at all.
 */
export function classifyUpdates(updates: readonly DashboardOrder[], known: ReadonlyMap<string, string>) {
  const changed: DashboardOrder[] = [];
  const added: DashboardOrder[] = [];
  const taken = new Set<string>();
  for (const order of updates) {
    if (taken.has(order.id) || known.get(order.id) === order.updatedAt) continue;
    taken.add(order.id);
    changed.push(order);
    if (!known.has(order.id)) added.push(order);
  }
  return { changed, added };
}
