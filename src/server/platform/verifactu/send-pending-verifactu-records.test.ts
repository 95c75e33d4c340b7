import { describe, expect, it } from 'vitest';
import { InMemoryVerifactuQueue } from '../../testing/in-memory-verifactu-queue';
import { testRecordChain, TEST_ISSUER } from '../../testing/verifactu-records';
import { sendPendingVerifactuRecords, verifactuBackoffMs } from './send-pending-verifactu-records';
import { describeVerifactuRecordQueueContract } from '../../testing/verifactu-record-queue-contract';
import {
  createOffVerifactuSender,
  type VerifactuRecordToSend,
  type VerifactuSendResult,
  type VerifactuSender,
} from './verifactu-sender';

describeVerifactuRecordQueueContract('in-memory', async (records) => {
  const queue = new InMemoryVerifactuQueue(records);
  return { queue, stateOf: async (id) => queue.row(id) };
});

/** A sender that records its batches and accepts everything (the AEAT's side is tested against the stand-in). */
function acceptingSender(waitSeconds = 0) {
  const batches: VerifactuRecordToSend[][] = [];
  const sender: VerifactuSender = {
    driver: 'aeat-test',
    async send(batch): Promise<VerifactuSendResult> {
      batches.push([...batch]);
      return { results: batch.map((r) => ({ recordId: r.id, outcome: 'accepted' })), waitSeconds, submissionState: 'Correcto' };
    },
  };
  return { sender, batches };
}

const now = () => new Date('2027-02-01T09:00:00Z');

describe('sendPendingVerifactuRecords', () => {
  it('sends nothing with the off driver: records stay pending', async () => {
    const queue = new InMemoryVerifactuQueue(testRecordChain(2));
    expect(await sendPendingVerifactuRecords({ sender: createOffVerifactuSender(), queue, now })).toMatchObject({ status: 'off', requests: 0 });
    expect(queue.rows.map((r) => r.state)).toEqual(['pending', 'pending']);
  });

  it('does nothing while another server holds the pass', async () => {
    const { sender, batches } = acceptingSender();
    const queue = new InMemoryVerifactuQueue(testRecordChain(1));
    const report = await sendPendingVerifactuRecords({ sender, queue, now, exclusively: async () => null });
    expect(report.status).toBe('busy');
    expect(batches).toEqual([]);
    const ran = await sendPendingVerifactuRecords({ sender, queue, now, exclusively: (task) => task() });
    expect(ran).toMatchObject({ status: 'sent', accepted: 1 });
  });

  it('sets aside a record the schema cannot carry, with the reason, and sends the others', async () => {
    const { sender, batches } = acceptingSender();
    const records = testRecordChain(3);
    records[1] = { ...records[1]!, invoice: { ...records[1]!.invoice, recipient: { ...records[1]!.invoice.recipient, taxId: '' } } };
    const queue = new InMemoryVerifactuQueue(records);
    expect(await sendPendingVerifactuRecords({ sender, queue, now })).toMatchObject({ status: 'sent', accepted: 2, rejected: 1 });
    expect(batches.map((b) => b.map((r) => r.id))).toEqual([['rec-1', 'rec-3']]);
    expect(queue.row('rec-2')).toMatchObject({ state: 'rejected', errorCode: 'regalo:invalid', errorDescription: 'the recipient tax id is not a 9-character NIF' });
  });

  it('sends one issuer per request, in chain order', async () => {
    const { sender, batches } = acceptingSender();
    const records = testRecordChain(4).map((r, i) =>
      i >= 2 ? { ...r, invoice: { ...r.invoice, issuer: { ...TEST_ISSUER, taxId: '89890001K' } } } : r,
    );
    const queue = new InMemoryVerifactuQueue(records);
    expect(await sendPendingVerifactuRecords({ sender, queue, now })).toMatchObject({ status: 'sent', requests: 2, accepted: 4 });
    expect(batches.map((b) => b.map((r) => r.id))).toEqual([['rec-1', 'rec-2'], ['rec-3', 'rec-4']]);
  });

  it('stops a pass after a bounded number of requests', async () => {
    const { sender, batches } = acceptingSender();
    const records = testRecordChain(3).map((r, i) => ({ ...r, invoice: { ...r.invoice, issuer: { ...TEST_ISSUER, taxId: `8989000${i}K` } } }));
    const queue = new InMemoryVerifactuQueue(records);
    expect(await sendPendingVerifactuRecords({ sender, queue, now, maxRequests: 2 })).toMatchObject({ status: 'sent', requests: 2 });
    expect(batches.length).toBe(2);
    expect(queue.row('rec-3').state).toBe('pending');
  });

  it('lets an unexpected error through instead of calling it a network failure', async () => {
    const sender: VerifactuSender = { driver: 'aeat', send: () => Promise.reject(new TypeError('bug')) };
    const queue = new InMemoryVerifactuQueue(testRecordChain(1));
    await expect(sendPendingVerifactuRecords({ sender, queue, now })).rejects.toThrow('bug');
    expect(queue.row('rec-1')).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('keeps a second server from sending before the wait the first one was given', async () => {
    const serverA = acceptingSender(60);
    const serverB = acceptingSender(60);
    // One queue: what both servers read from the database.
    const [first, second] = testRecordChain(2);
    const queue = new InMemoryVerifactuQueue([first!]);
    let clock = new Date('2027-02-01T09:00:00Z').getTime();
    const at = () => new Date(clock);
    expect(await sendPendingVerifactuRecords({ sender: serverA.sender, queue, now: at })).toMatchObject({ status: 'sent', accepted: 1 });
    queue.append([second!]);
    clock += 59_000;
    expect(await sendPendingVerifactuRecords({ sender: serverB.sender, queue, now: at })).toMatchObject({ status: 'waiting', nextAllowedSendAt: new Date('2027-02-01T09:01:00Z') });
    expect(serverB.batches).toEqual([]);
    clock += 1_000;
    expect(await sendPendingVerifactuRecords({ sender: serverB.sender, queue, now: at })).toMatchObject({ status: 'sent', accepted: 1 });
    expect(serverB.batches.map((b) => b.map((r) => r.id))).toEqual([['rec-2']]);
  });

  it('backs off 30 s, 60 s, 120 s… up to 30 minutes', () => {
    expect([1, 2, 3, 4].map(verifactuBackoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(verifactuBackoffMs(20)).toBe(30 * 60_000);
  });
});
