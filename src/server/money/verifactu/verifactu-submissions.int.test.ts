import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VerifactuSubmissionPage } from '@shared/contracts/invoices';
import { sendPendingVerifactuRecords } from '../../platform/verifactu/send-pending-verifactu-records';
import { authedInject } from '../../testing/auth-helpers';
import { signedInUser } from '../../testing/dashboard-test-world';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { useAeatStandIn } from '../../testing/use-aeat-stand-in';
import { createDatabaseVerifactuQueue } from './database-verifactu-queue';
import { createClock, invoicedShop } from '../invoices/invoice-test-world';
import { issueDueInvoices } from '../invoices/issue-due-invoices';

const context = useAeatStandIn();
const FIRST_OF_NOVEMBER = new Date('2026-10-31T23:30:00Z');

/**
 * The admin's view of each billing record's way to the AEAT (ADR 062), over records made
 * by the real issuing and cancelling path and answered by the stand-in for the AEAT's service.
 */
describe('GET /api/admin/verifactu/submissions', () => {
  const clock = createClock(FIRST_OF_NOVEMBER);
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    // The server's own driver stays `off`; the queue below sends with the stand-in's driver.
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock.set(FIRST_OF_NOVEMBER);
    admin = await signedInUser(t, 'admin');
  });

  const page = async (query = '') => {
    const res = await authedInject(t, admin.cookie, { method: 'GET', url: `/api/admin/verifactu/submissions${query}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json() as VerifactuSubmissionPage;
  };

  it("shows each record's kind, invoice, state, attempts, next attempt and the AEAT's error code and reason", async () => {
    const shops = [await invoicedShop(t), await invoicedShop(t), await invoicedShop(t)];
    for (const shop of shops) await shop.sell(new Date('2026-10-10T10:00:00Z'));
    const run = await issueDueInvoices(t.app.ctx);
    const [first, second, third] = run.issued;
    const cancelled = await authedInject(t, admin.cookie, { method: 'POST', url: `/api/admin/invoices/${third!.invoiceId}/cancel`, payload: { reason: 'Wrong recipient' } });
    expect(cancelled.statusCode).toBe(200);

    // Before sending: four records pending, nothing sent while the server's driver is off.
    const before = await page();
    expect(before.counts).toEqual({ pending: 4, accepted: 0, accepted_with_errors: 0, rejected: 0 });
    expect(before.queue).toEqual({ driver: 'off', nextAllowedSendAt: null, consecutiveFailures: 0, lastError: null });
    expect(before.items.map((r) => [r.kind, r.fullNumber, r.state, r.attempts, r.nextAttemptAt])).toEqual([
      ['anulacion', third!.fullNumber, 'pending', 0, null],
      ['alta', third!.fullNumber, 'pending', 0, null],
      ['alta', second!.fullNumber, 'pending', 0, null],
      ['alta', first!.fullNumber, 'pending', 0, null],
    ]);
    expect(before.items[0]).toMatchObject({ issueDate: '2026-11-01', generatedAt: '2026-11-01T00:30:00+01:00', businessName: 'Horchatería Santa Catalina', errorCode: null, answeredAt: null });

    // The service does not answer once: the attempt is counted and the error kept.
    const queue = createDatabaseVerifactuQueue(t.database.db);
    context.standIn.scenarios.push({ kind: 'http-error', status: 503 });
    expect((await sendPendingVerifactuRecords({ sender: context.sender(), queue, now: clock.now })).status).toBe('failed');
    const failed = await page('?state=pending');
    expect(failed.items.map((r) => r.attempts)).toEqual([1, 1, 1, 1]);
    expect(failed.items[0]!.lastError).toMatch(/503/);
    expect(failed.queue).toMatchObject({ consecutiveFailures: 1, lastError: expect.stringMatching(/503/) as unknown });

    // Later it answers: one accepted, one rejected, one accepted with errors, the cancellation accepted.
    clock.set(new Date(FIRST_OF_NOVEMBER.getTime() + 10 * 60_000));
    context.standIn.scenarios.push({
      kind: 'answer',
      line: (record) =>
        record.fullNumber === second!.fullNumber
          ? { state: 'Incorrecto', code: '1100', description: 'Valor o tipo incorrecto del campo: NIF' }
          : record.fullNumber === first!.fullNumber
            ? { state: 'AceptadoConErrores', code: '1104', description: 'El NIF del destinatario no está identificado.' }
            : undefined,
    });
    expect(await sendPendingVerifactuRecords({ sender: context.sender(), queue, now: clock.now })).toMatchObject({ status: 'sent', accepted: 2, rejected: 1, acceptedWithErrors: 1 });

    const after = await page();
    expect(after.counts).toEqual({ pending: 0, accepted: 2, accepted_with_errors: 1, rejected: 1 });
    const byNumber = (kind: string, number: string) => after.items.find((r) => r.kind === kind && r.fullNumber === number)!;
    expect(byNumber('alta', second!.fullNumber)).toMatchObject({ state: 'rejected', errorCode: '1100', errorDescription: 'Valor o tipo incorrecto del campo: NIF', attempts: 1, nextAttemptAt: null, answeredAt: clock.now().toISOString() });
    expect(byNumber('alta', first!.fullNumber)).toMatchObject({ state: 'accepted_with_errors', errorCode: '1104', errorDescription: 'El NIF del destinatario no está identificado.' });
    expect(byNumber('anulacion', third!.fullNumber)).toMatchObject({ state: 'accepted', errorCode: null });

    // Filtered by state.
    const rejected = await page('?state=rejected');
    expect(rejected.total).toBe(1);
    expect(rejected.items.map((r) => [r.kind, r.fullNumber, r.errorCode])).toEqual([['alta', second!.fullNumber, '1100']]);
    expect((await page('?state=pending')).items).toEqual([]);
    expect((await page('?state=')).total).toBe(4);
    const bad = await authedInject(t, admin.cookie, { method: 'GET', url: '/api/admin/verifactu/submissions?state=sent' });
    expect(bad.statusCode).toBe(400);
  });

  it('pages newest first, 25 a page', async () => {
    const shops = [];
    for (let i = 0; i < 13; i++) shops.push(await invoicedShop(t));
    for (const shop of shops) {
      await shop.sell(new Date('2026-09-10T10:00:00Z'));
      await shop.sell(new Date('2026-10-10T10:00:00Z'));
    }
    await issueDueInvoices(t.app.ctx);
    // Each test starts on an empty database: 13 businesses × September and October.
    const all = await page();
    expect(all).toMatchObject({ total: 26, page: 1, pageSize: 25 });
    expect((await page('?state=pending')).total).toBe(26);
    expect((await page('?state=rejected')).total).toBe(0);
    expect(all.items).toHaveLength(25);
    const second = await page('?page=2');
    expect(second.items).toHaveLength(1);
    // The oldest record of all (the chain's first) is alone on the last page.
    expect(second.items[0]!.sequence).toBe(1);
    const sequences = all.items.map((r) => r.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => b - a));
  });

  it('is for the platform team only', async () => {
    expect((await authedInject(t, null, { method: 'GET', url: '/api/admin/verifactu/submissions' })).statusCode).toBe(401);
    const giver = await signedInUser(t, 'user');
    expect((await authedInject(t, giver.cookie, { method: 'GET', url: '/api/admin/verifactu/submissions' })).statusCode).toBe(403);
    const owner = await invoicedShop(t);
    expect((await authedInject(t, owner.cookie, { method: 'GET', url: '/api/admin/verifactu/submissions' })).statusCode).toBe(403);
  });
});
