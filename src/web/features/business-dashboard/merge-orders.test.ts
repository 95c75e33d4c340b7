import { describe, expect, it } from 'vitest';
import type { DashboardOrder } from '@shared/contracts/business-dashboard';
import { classifyUpdates, mergeOrderUpdates, type OrderPages } from './merge-orders';

function order(id: string, createdAt: string, status: DashboardOrder['status'] = 'paid'): DashboardOrder {
  return {
    id,
    giftId: 'g1',
    giftName: 'Paella for two',
    giftValidityDays: 365,
    status,
    totalAmount: 4500,
    currency: 'EUR',
    recipientName: 'Lucía',
    recipientPhone: null,
    personalMessage: null,
    commissionRate: 10,
    commissionAmount: 450,
    commissionVatAmount: 0,
    transferState: null,
    netAmount: 4050,
    createdAt,
    paidAt: createdAt,
    redeemedAt: null,
    expiresAt: '2027-11-21T22:59:59.999Z',
    updatedAt: createdAt,
    extensionRequestedAt: null,
    extensionDecision: null,
    card: null,
  };
}

const pages = (items: DashboardOrder[]): OrderPages => ({ pages: [{ items, nextCursor: null }], pageParams: [undefined] });
const ids = (data: OrderPages) => data.pages.flatMap((page) => page.items.map((item) => item.id));

describe('mergeOrderUpdates', () => {
  const older = order('a', '2026-11-20T10:00:00.000Z');
  const newer = order('b', '2026-11-21T10:00:00.000Z');

  it('keeps in the "extension requested" list only the requests still waiting (ADR 064)', () => {
    const asked = { ...order('c', '2026-11-22T10:00:00.000Z', 'expired'), extensionRequestedAt: '2027-01-10T10:00:00.000Z' };
    const answered = { ...asked, status: 'paid' as const, extensionDecision: 'extended' as const };
    expect(ids(mergeOrderUpdates(pages([]), [asked, older], 'extension_requested'))).toEqual(['c']);
    expect(ids(mergeOrderUpdates(pages([asked]), [answered], 'extension_requested'))).toEqual([]);
  });

  it('puts a new order first and never doubles one that comes twice', () => {
    const merged = mergeOrderUpdates(pages([older]), [newer, newer], 'all');
    expect(ids(merged)).toEqual(['b', 'a']);
    expect(ids(mergeOrderUpdates(merged, [newer], 'all'))).toEqual(['b', 'a']);
  });

  it('replaces a known order with its new status', () => {
    const merged = mergeOrderUpdates(pages([newer, older]), [{ ...older, status: 'redeemed' }], 'all');
    expect(merged.pages[0]!.items[1]!.status).toBe('redeemed');
  });

  it('respects the status filter', () => {
    const paidOnly = mergeOrderUpdates(pages([newer, older]), [{ ...older, status: 'redeemed' }], 'paid');
    expect(ids(paidOnly)).toEqual(['b']);
    expect(ids(mergeOrderUpdates(pages([]), [order('c', '2026-11-21T11:00:00.000Z', 'unpaid')], 'paid'))).toEqual([]);
  });
});

describe('classifyUpdates', () => {
  const known = new Map([['a', '2026-11-21T09:00:00.000Z']]);

  it('ignores an order that comes back unchanged from the overlapping window', () => {
    expect(classifyUpdates([order('a', '2026-11-21T09:00:00.000Z')], known)).toEqual({ changed: [], added: [] });
  });

  it('tells a changed order from a new one, each once', () => {
    const redeemed = { ...order('a', '2026-11-21T09:00:00.000Z', 'redeemed'), updatedAt: '2026-11-21T11:00:00.000Z' };
    const fresh = order('b', '2026-11-21T10:00:00.000Z');
    const result = classifyUpdates([fresh, redeemed, fresh], known);
    expect(result.changed.map((o) => o.id)).toEqual(['b', 'a']);
    expect(result.added.map((o) => o.id)).toEqual(['b']);
  });
});
