import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifactuQueueState, verifactuRecords, verifactuSubmissions } from '../../db/schema/invoices';
import { sendPendingVerifactuRecords } from '../../platform/verifactu/send-pending-verifactu-records';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { useAeatStandIn } from '../../testing/use-aeat-stand-in';
import { authedInject } from '../../testing/auth-helpers';
import { signedInUser } from '../../testing/dashboard-test-world';
import { createDatabaseVerifactuQueue } from './database-verifactu-queue';
import { createClock, invoicedShop } from '../invoices/invoice-test-world';
import { createIssuedInvoice } from '../../testing/invoice-factory';
import { textAt } from '../../platform/verifactu/minimal-xml';
import { issueDueInvoices } from '../invoices/issue-due-invoices';

const context = useAeatStandIn();
const FIRST_OF_NOVEMBER = new Date('2026-10-31T23:30:00Z');

/** The invoicing tables as the sending queue's store, against the local stand-in for the AEAT's service. */
describe('sending the invoices’ records to the AEAT', () => {
  const clock = createClock(FIRST_OF_NOVEMBER);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  const states = async () =>
    (
      await t.database.db
        .select({ kind: verifactuRecords.kind, state: verifactuSubmissions.state, attempts: verifactuSubmissions.attempts, code: verifactuSubmissions.errorCode })
        .from(verifactuRecords)
        .innerJoin(verifactuSubmissions, eq(verifactuSubmissions.recordId, verifactuRecords.id))
        .orderBy(asc(verifactuRecords.sequence))
    ).map((r) => `${r.kind}:${r.state}:${r.attempts}:${r.code ?? ''}`);

  it('sends issued and cancellation records in chain order; the service recomputes every fingerprint and accepts them', async () => {
    clock.set(FIRST_OF_NOVEMBER);
    for (let i = 0; i < 3; i++) {
      const shop = await invoicedShop(t);
      await shop.sell(new Date('2026-10-10T10:00:00Z'));
    }
    const run = await issueDueInvoices(t.app.ctx);
    const admin = await signedInUser(t, 'admin');
    const cancelled = await authedInject(t, admin.cookie, { method: 'POST', url: `/api/admin/invoices/${run.issued[1]!.invoiceId}/cancel`, payload: { reason: 'Wrong recipient' } });
    expect(cancelled.statusCode).toBe(200);
    expect(await states()).toEqual(['alta:pending:0:', 'alta:pending:0:', 'alta:pending:0:', 'anulacion:pending:0:']);

    context.standIn.waitSeconds = 60;
    const queue = createDatabaseVerifactuQueue(t.database.db);
    const report = await sendPendingVerifactuRecords({ sender: context.sender(), queue, now: clock.now });
    expect(report).toMatchObject({ status: 'sent', requests: 1, accepted: 4, acceptedWithErrors: 0, rejected: 0 });
    // A wrong fingerprint would come back as accepted with error 2000: every one was right.
    expect(await states()).toEqual(['alta:accepted:0:', 'alta:accepted:0:', 'alta:accepted:0:', 'anulacion:accepted:0:']);
    const request = context.standIn.requests[0]!;
    expect(request.records.map((r) => r.operation)).toEqual(['Alta', 'Alta', 'Alta', 'Anulacion']);
    expect(request.records.map((r) => r.fullNumber)).toEqual([...run.issued.map((i) => i.fullNumber), run.issued[1]!.fullNumber]);

    // The service's wait is stored for every server: nothing leaves before it has passed.
    const [pace] = await t.database.db.select().from(verifactuQueueState);
    expect(pace!.nextAllowedSendAt).toEqual(new Date(FIRST_OF_NOVEMBER.getTime() + 60_000));
  });

  it('keeps records pending with the failed attempt counted when the service does not answer, and sends them later', async () => {
    clock.set(FIRST_OF_NOVEMBER);
    const shop = await invoicedShop(t);
    await shop.sell(new Date('2026-10-10T10:00:00Z'));
    await issueDueInvoices(t.app.ctx);
    const queue = createDatabaseVerifactuQueue(t.database.db);
    context.standIn.scenarios.push({ kind: 'http-error', status: 503 });
    const failed = await sendPendingVerifactuRecords({ sender: context.sender(), queue, now: clock.now });
    expect(failed.status).toBe('failed');
    expect(await states()).toEqual(['alta:pending:1:']);
    const [pace] = await t.database.db.select().from(verifactuQueueState);
    expect(pace).toMatchObject({ consecutiveFailures: 1 });
    expect(pace!.lastError).toMatch(/503/);

    clock.set(new Date(FIRST_OF_NOVEMBER.getTime() + 10 * 60_000));
    const later = await sendPendingVerifactuRecords({ sender: context.sender(), queue, now: clock.now });
    expect(later).toMatchObject({ status: 'sent', accepted: 1 });
    expect(await states()).toEqual(['alta:accepted:1:']);
  });

  it('each record names the installation that generated it, stored with it, whatever PUBLIC_URL says when it is sent', async () => {
    clock.set(FIRST_OF_NOVEMBER);
    const shop = await invoicedShop(t);
    // Generated while this server answered at another address (PUBLIC_URL changed since).
    const before = await createIssuedInvoice(t.database.db, { ...t.config, publicUrl: 'https://antes.regalo.example:8443' }, shop.business.id, FIRST_OF_NOVEMBER);
    const now = await createIssuedInvoice(t.database.db, t.config, shop.business.id, FIRST_OF_NOVEMBER);
    const stored = await t.database.db.select({ invoiceId: verifactuRecords.invoiceId, installation: verifactuRecords.installationNumber }).from(verifactuRecords);
    const host = new URL(t.config.publicUrl).host;
    expect(stored.find((r) => r.invoiceId === before.id)!.installation).toBe('antes.regalo.example:8443');
    expect(stored.find((r) => r.invoiceId === now.id)!.installation).toBe(host);

    const report = await sendPendingVerifactuRecords({ sender: context.sender(), queue: createDatabaseVerifactuQueue(t.database.db), now: clock.now });
    expect(report.status).toBe('sent');
    const sent = context.standIn.requests.flatMap((r) => r.records).filter((r) => [before.fullNumber, now.fullNumber].includes(r.fullNumber));
    expect(sent.map((r) => [r.fullNumber, textAt(r.xml, 'SistemaInformatico', 'NumeroInstalacion')])).toEqual([
      [before.fullNumber, 'antes.regalo.example:8443'],
      [now.fullNumber, host],
    ]);
  });
});
