import { describe, expect, it } from 'vitest';
import { testRecordChain } from './verifactu-records';
import type { VerifactuSendState } from '@shared/domain/verifactu-send-states';
import type { VerifactuRecordQueue } from '../platform/verifactu/verifactu-record-queue';
import type { VerifactuRecordToSend } from '../platform/verifactu/verifactu-sender';

export interface VerifactuQueueHarness {
  queue: VerifactuRecordQueue;
  /** What the queue holds about one record (for the admin's view). */
  stateOf(recordId: string): Promise<{
    state: VerifactuSendState;
    attempts: number;
    lastError: string | null;
    errorCode: string | null;
    errorDescription: string | null;
  }>;
}

/**
 * The behaviour every implementation of VerifactuRecordQueue promises. `create` gets the
 * records of one chain, in chain order, stores them as pending, and returns the queue over
 * them; the in-memory queue and the database one are held to the same contract.
 */
export function describeVerifactuRecordQueueContract(name: string, create: (records: VerifactuRecordToSend[]) => Promise<VerifactuQueueHarness>) {
  describe(`${name} VERI*FACTU record queue contract`, () => {
    const now = new Date('2027-02-01T10:00:00Z');

    it('hands out pending records in chain order, up to the limit, with their links', async () => {
      const records = testRecordChain(5);
      const { queue } = await create(records);
      const first = await queue.loadPending(3, now);
      expect(first.map((r) => r.id)).toEqual(['rec-1', 'rec-2', 'rec-3']);
      expect(first[0]).toEqual(records[0]);
      expect(first[1]!.previous).toEqual(records[1]!.previous);
      expect((await queue.loadPending(1000, now)).length).toBe(5);
    });

    it('starts with no wait and no failure', async () => {
      const { queue } = await create(testRecordChain(1));
      expect(await queue.loadQueueState()).toEqual({ nextAllowedSendAt: null, consecutiveFailures: 0, lastError: null });
    });

    it('stores each outcome with its code, and the pace, so answered records are no longer pending', async () => {
      const { queue, stateOf } = await create(testRecordChain(4));
      const pace = { nextAllowedSendAt: new Date('2027-02-01T10:01:00Z'), consecutiveFailures: 0, lastError: null };
      await queue.markResults(
        [
          { recordId: 'rec-1', outcome: 'accepted' },
          { recordId: 'rec-2', outcome: 'accepted_with_errors', code: '2000', description: 'El cálculo de la huella suministrada es incorrecta' },
          { recordId: 'rec-3', outcome: 'rejected', code: '1100', description: 'Valor o tipo incorrecto del campo: <NIF> & más' },
        ],
        now,
        pace,
      );
      expect(await stateOf('rec-1')).toMatchObject({ state: 'accepted', errorCode: null });
      expect(await stateOf('rec-2')).toMatchObject({ state: 'accepted_with_errors', errorCode: '2000', errorDescription: 'El cálculo de la huella suministrada es incorrecta' });
      expect(await stateOf('rec-3')).toMatchObject({ state: 'rejected', errorCode: '1100', errorDescription: 'Valor o tipo incorrecto del campo: <NIF> & más' });
      expect(await stateOf('rec-4')).toMatchObject({ state: 'pending' });
      expect((await queue.loadPending(10, now)).map((r) => r.id)).toEqual(['rec-4']);
      expect(await queue.loadQueueState()).toEqual(pace);
    });

    it('counts failed attempts and keeps the error while the records stay pending', async () => {
      const { queue, stateOf } = await create(testRecordChain(2));
      const pace = { nextAllowedSendAt: new Date('2027-02-01T10:00:30Z'), consecutiveFailures: 1, lastError: 'no answer within 120000 ms' };
      await queue.markAttemptFailed(['rec-1', 'rec-2'], 'no answer within 120000 ms', now, pace);
      await queue.markAttemptFailed(['rec-1'], 'HTTP 503', now, { ...pace, consecutiveFailures: 2, lastError: 'HTTP 503' });
      expect(await stateOf('rec-1')).toMatchObject({ state: 'pending', attempts: 2, lastError: 'HTTP 503' });
      expect(await stateOf('rec-2')).toMatchObject({ state: 'pending', attempts: 1, lastError: 'no answer within 120000 ms' });
      expect((await queue.loadPending(10, now)).map((r) => r.id)).toEqual(['rec-1', 'rec-2']);
      expect(await queue.loadQueueState()).toEqual({ ...pace, consecutiveFailures: 2, lastError: 'HTTP 503' });
    });
  });
}
