import { describe, expect, it } from 'vitest';
import { InMemoryVerifactuQueue } from '../../testing/in-memory-verifactu-queue';
import { useAeatStandIn } from '../../testing/use-aeat-stand-in';
import { testRecordChain } from '../../testing/verifactu-records';
import { sendPendingVerifactuRecords } from './send-pending-verifactu-records';

const context = useAeatStandIn();

/** A clock the test moves by hand: the queue's waits are checked without sleeping. */
function clock(start = '2027-02-01T09:00:00Z') {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(seconds: number) {
      current += seconds * 1000;
    },
  };
}

function setUp(records = testRecordChain(3), timeoutMs?: number) {
  const sender = context.sender({ timeoutMs });
  const queue = new InMemoryVerifactuQueue(records);
  const time = clock();
  const run = () => sendPendingVerifactuRecords({ sender, queue, now: time.now });
  return { queue, time, run };
}

describe('sending pending VERI*FACTU records', () => {
  it('sends 1,001 records as two requests, in chain order, at most 1,000 each', async () => {
    const { queue, run } = setUp(testRecordChain(1001));
    context.standIn.waitSeconds = 0;
    const report = await run();
    expect(report).toMatchObject({ status: 'sent', requests: 2, accepted: 1001, rejected: 0 });
    expect(context.standIn.requests.map((r) => r.records.length)).toEqual([1000, 1]);
    expect(context.standIn.requests[0]!.records[0]!.fullNumber).toBe('R2027-000001');
    expect(context.standIn.requests[0]!.records[999]!.fullNumber).toBe('R2027-001000');
    expect(context.standIn.requests[1]!.records[0]!.fullNumber).toBe('R2027-001001');
    expect(queue.rows.every((r) => r.state === 'accepted')).toBe(true);
    expect((await run()).status).toBe('idle');
    expect(context.standIn.requests.length).toBe(2);
  });

  it('sends nothing before the wait the service asked for has passed', async () => {
    const { queue, time, run } = setUp(testRecordChain(1001));
    context.standIn.waitSeconds = 60;
    const first = await run();
    expect(first).toMatchObject({ status: 'sent', requests: 1, accepted: 1000 });
    expect(first.nextAllowedSendAt).toEqual(new Date('2027-02-01T09:01:00Z'));
    // The wait is stored with the queue, so every server sees it.
    expect((await queue.loadQueueState()).nextAllowedSendAt).toEqual(new Date('2027-02-01T09:01:00Z'));

    time.advance(59);
    expect(await run()).toMatchObject({ status: 'waiting', requests: 0 });
    expect(context.standIn.requests.length).toBe(1);

    time.advance(1);
    expect(await run()).toMatchObject({ status: 'sent', requests: 1, accepted: 1 });
    expect(context.standIn.requests.length).toBe(2);
    expect(queue.row('rec-1001').state).toBe('accepted');
  });

  it('retries after a growing back-off when the service does not answer, and never loses a record', async () => {
    const { queue, time, run } = setUp(testRecordChain(2), 300);
    context.standIn.scenarios.push({ kind: 'http-error', status: 503 }, { kind: 'hang' });
    const failed = await run();
    expect(failed).toMatchObject({ status: 'failed', requests: 1 });
    expect(failed.error).toMatch(/HTTP 503/);
    expect(failed.nextAllowedSendAt).toEqual(new Date('2027-02-01T09:00:30Z'));
    expect(queue.row('rec-1')).toMatchObject({ state: 'pending', attempts: 1 });
    expect(queue.row('rec-1').lastError).toMatch(/HTTP 503/);

    time.advance(29);
    expect((await run()).status).toBe('waiting');
    expect(context.standIn.requests.length).toBe(1);

    time.advance(1);
    const timedOut = await run();
    expect(timedOut).toMatchObject({ status: 'failed' });
    expect(timedOut.error).toMatch(/no answer within 300 ms/);
    expect(await queue.loadQueueState()).toMatchObject({ consecutiveFailures: 2, nextAllowedSendAt: new Date('2027-02-01T09:01:30Z') });
    expect(queue.row('rec-2')).toMatchObject({ state: 'pending', attempts: 2 });

    time.advance(60);
    expect(await run()).toMatchObject({ status: 'sent', accepted: 2 });
    expect(await queue.loadQueueState()).toMatchObject({ consecutiveFailures: 0, lastError: null, nextAllowedSendAt: new Date('2027-02-01T09:02:30Z') });
    expect(queue.rows.map((r) => r.state)).toEqual(['accepted', 'accepted']);
  });

  it('takes records the service registered before their answer was lost as accepted when sent again', async () => {
    const { queue, time, run } = setUp(testRecordChain(2));
    context.standIn.scenarios.push({ kind: 'answer-lost' });
    expect((await run()).status).toBe('failed');
    time.advance(30);
    expect(await run()).toMatchObject({ status: 'sent', accepted: 2, rejected: 0 });
    expect(queue.rows.map((r) => r.state)).toEqual(['accepted', 'accepted']);
    expect(context.standIn.requests.length).toBe(2);
  });

  it('stores a partial rejection per record, with the codes and descriptions for the admin', async () => {
    const { queue, run } = setUp(testRecordChain(4));
    context.standIn.scenarios.push({
      kind: 'answer',
      line: (record) =>
        record.fullNumber === 'R2027-000002'
          ? { state: 'Incorrecto', code: '1100', description: 'Valor o tipo incorrecto del campo: NIF' }
          : record.fullNumber === 'R2027-000003'
            ? { state: 'AceptadoConErrores', code: '1104', description: 'El NIF del destinatario no está identificado.' }
            : undefined,
    });
    expect(await run()).toMatchObject({ status: 'sent', requests: 1, accepted: 2, acceptedWithErrors: 1, rejected: 1 });
    expect(queue.rows.map((r) => [r.record.id, r.state, r.errorCode, r.errorDescription])).toEqual([
      ['rec-1', 'accepted', null, null],
      ['rec-2', 'rejected', '1100', 'Valor o tipo incorrecto del campo: NIF'],
      ['rec-3', 'accepted_with_errors', '1104', 'El NIF del destinatario no está identificado.'],
      ['rec-4', 'accepted', null, null],
    ]);
  });

  it('keeps a client fault as every record rejected, with the fault', async () => {
    const { queue, run } = setUp(testRecordChain(2));
    context.standIn.scenarios.push({ kind: 'fault', side: 'Client', code: '4102', message: 'El XML no cumple el esquema.' });
    expect(await run()).toMatchObject({ status: 'sent', rejected: 2 });
    expect(queue.rows.map((r) => [r.state, r.errorCode])).toEqual([
      ['rejected', '4102'],
      ['rejected', '4102'],
    ]);
  });
});
