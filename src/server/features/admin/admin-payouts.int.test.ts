import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPayouts } from '@shared/contracts/admin-payouts';
import { transfers } from '../../db/schema/payouts';
import { as, signedInUser } from '../../testing/dashboard-test-world';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditRows } from './admin-test-world';

const NOW = new Date('2026-11-15T10:00:00Z');

describe('admin payouts view', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
  });
  afterAll(() => t.close());

  async function shop(payoutAccount: Parameters<typeof createBusiness>[1]['payoutAccount'], name: string) {
    const owner = await createUser(t.database.db, { userType: 'business' });
    const business = await createBusiness(t.database.db, { ownerId: owner.id, name, payoutAccount });
    const gift = await createGift(t.database.db, { businessId: business.id, price: 2000 });
    const order = await createOrder(t.database.db, { buyerId: (await createUser(t.database.db)).id, giftId: gift.id, status: 'paid', now: NOW });
    const [transfer] = await t.database.db.select().from(transfers).where(eq(transfers.orderId, order.id));
    return { business, order, transfer: transfer! };
  }

  it('lists the approved businesses that cannot be paid, and the transfers by state with their reason', async () => {
    const admin = await signedInUser(t, 'admin');
    const ready = await shop({}, 'Ready payouts shop');
    const missing = await shop(null, 'No account shop');
    const restricted = await shop({ transfersActive: false, payoutsEnabled: false, requirementsDue: ['external_account'], disabledReason: 'requirements.past_due' }, 'Restricted shop');
    const applicant = await createBusiness(t.database.db, { ownerId: (await createUser(t.database.db, { userType: 'business' })).id, verificationStatus: 'pending', isActive: false, payoutAccount: null });
    await t.database.db
      .update(transfers)
      .set({ state: 'failed', attempts: 1, lastError: 'The account cannot receive transfers', nextAttemptAt: new Date('2026-11-15T11:00:00Z') })
      .where(eq(transfers.id, restricted.transfer.id));

    const res = await as(t, admin.cookie)({ method: 'GET', url: '/api/admin/payouts' });
    expect(res.statusCode).toBe(200);
    const body = res.json<AdminPayouts>();
    const unpayable = body.unpayable.map((u) => u.businessId);
    expect(unpayable).toContain(missing.business.id);
    expect(unpayable).toContain(restricted.business.id);
    expect(unpayable).not.toContain(ready.business.id);
    // A business under review is not "approved but unpaid": it is not on sale for another reason.
    expect(unpayable).not.toContain(applicant.id);
    expect(body.unpayable.find((u) => u.businessId === restricted.business.id)).toEqual({
      businessId: restricted.business.id,
      businessName: 'Restricted shop',
      status: 'restricted',
      requirementsDue: ['external_account'],
      disabledReason: 'requirements.past_due',
    });
    expect(body.unpayable.find((u) => u.businessId === missing.business.id)?.status).toBe('not_connected');
    // `failed` by default.
    expect(body.transfers.map((x) => x.id)).toEqual([restricted.transfer.id]);
    expect(body.transfers[0]).toMatchObject({ businessName: 'Restricted shop', lastError: 'The account cannot receive transfers', state: 'failed' });
    const due = (await as(t, admin.cookie)({ method: 'GET', url: '/api/admin/payouts?state=due' })).json<AdminPayouts>();
    expect(due.transfers.map((x) => x.id)).toContain(ready.transfer.id);
    expect(due.transfers.map((x) => x.id)).not.toContain(restricted.transfer.id);
  });

  it('"retry now" makes a failed transfer due at once, in the audit log, and refuses one already sent', async () => {
    const admin = await signedInUser(t, 'admin');
    const { transfer, order } = await shop({}, 'Retry shop');
    await t.database.db.update(transfers).set({ state: 'failed', attempts: 3, lastError: 'account_closed', nextAttemptAt: new Date('2026-11-16T10:00:00Z') }).where(eq(transfers.id, transfer.id));

    const res = await as(t, admin.cookie)({ method: 'POST', url: `/api/admin/transfers/${transfer.id}/retry` });
    expect(res.statusCode).toBe(204);
    const [after] = await t.database.db.select().from(transfers).where(eq(transfers.id, transfer.id));
    expect(after).toMatchObject({ state: 'failed', attempts: 3, nextAttemptAt: NOW });
    const [audit] = await auditRows(t, order.id);
    expect(audit).toMatchObject({ action: 'transfer_retried', targetType: 'order', actorId: admin.user.id });
    expect(audit!.before).toMatchObject({ transferId: transfer.id, state: 'failed', lastError: 'account_closed' });

    await t.database.db.update(transfers).set({ state: 'sent', providerTransferId: 'tr_sent_1', sentAt: NOW, nextAttemptAt: null }).where(eq(transfers.id, transfer.id));
    const refused = await as(t, admin.cookie)({ method: 'POST', url: `/api/admin/transfers/${transfer.id}/retry` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('transfer_not_retryable');
    expect(await auditRows(t, order.id)).toHaveLength(1);
    const missing = await as(t, admin.cookie)({ method: 'POST', url: '/api/admin/transfers/00000000-0000-4000-8000-000000000000/retry' });
    expect(missing.statusCode).toBe(404);
  });
});
