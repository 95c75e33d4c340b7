import { verifactuRecordProblems } from './build-verifactu-request';
import type { VerifactuQueueState, VerifactuRecordQueue } from './verifactu-record-queue';
import {
  MAX_RECORDS_PER_REQUEST,
  VerifactuUnavailableError,
  type VerifactuRecordResult,
  type VerifactuRecordToSend,
  type VerifactuSender,
} from './verifactu-sender';

/** 30 s after the first failed request, then doubling… */
const BASE_BACKOFF_MS = 30_000;
/** …up to 30 minutes: records must reach the AEAT, so the queue never gives up on them. */
const MAX_BACKOFF_MS = 30 * 60_000;
/** Requests in one pass at most, so a big backlog does not hold a job tick for long. */
const MAX_REQUESTS_PER_PASS = 10;

export function verifactuBackoffMs(consecutiveFailures: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, consecutiveFailures - 1));
}

export interface SendPendingVerifactuRecordsOptions {
  sender: VerifactuSender;
  queue: VerifactuRecordQueue;
  now: () => Date;
  /**
   * Runs the pass unless another server is running one (runExclusively with a fixed job
   * name), so requests leave one at a time and in chain order; null when skipped.
   */
  exclusively?: <T>(task: () => Promise<T>) => Promise<T | null>;
  maxRequests?: number;
}

export interface SendPendingVerifactuRecordsReport {
  status: 'off' | 'busy' | 'waiting' | 'idle' | 'sent' | 'failed';
  requests: number;
  accepted: number;
  acceptedWithErrors: number;
  rejected: number;
  /** When the next request may leave (after the AEAT's wait or the back-off). */
  nextAllowedSendAt: Date | null;
  error?: string;
}

/** The leading records of one issuer: one request names one ObligadoEmision. */
function nextBatch(records: readonly VerifactuRecordToSend[]): VerifactuRecordToSend[] {
  const issuer = records[0]?.invoice.issuer.taxId;
  const end = records.findIndex((r) => r.invoice.issuer.taxId !== issuer);
  return records.slice(0, end === -1 ? records.length : end);
}

/**
 * One pass of the sending queue (ADR 062): while records are pending and the
 * service allows it, sends them in chain order, at most MAX_RECORDS_PER_REQUEST a request,
 * and stores each record's outcome. TiempoEsperaEnvio is stored as the queue's
 * nextAllowedSendAt, so no server sends again before it has passed; a request without an
 * answer leaves its records pending and delays the queue by a growing back-off.
 */
export async function sendPendingVerifactuRecords(options: SendPendingVerifactuRecordsOptions): Promise<SendPendingVerifactuRecordsReport> {
  const { sender, queue, now } = options;
  const report: SendPendingVerifactuRecordsReport = { status: 'idle', requests: 0, accepted: 0, acceptedWithErrors: 0, rejected: 0, nextAllowedSendAt: null };
  if (sender.driver === 'off') return { ...report, status: 'off' };

  const pass = async (): Promise<SendPendingVerifactuRecordsReport> => {
    let state: VerifactuQueueState = await queue.loadQueueState();
    report.nextAllowedSendAt = state.nextAllowedSendAt;
    const count = (results: readonly VerifactuRecordResult[]) => {
      for (const r of results) {
        if (r.outcome === 'accepted') report.accepted++;
        else if (r.outcome === 'accepted_with_errors') report.acceptedWithErrors++;
        else report.rejected++;
      }
    };
    const maxRequests = options.maxRequests ?? MAX_REQUESTS_PER_PASS;
    // Rounds that only set invalid records aside send nothing; bounded all the same.
    for (let round = 0; report.requests < maxRequests && round < maxRequests * 3; round++) {
      const at = now();
      if (state.nextAllowedSendAt && at < state.nextAllowedSendAt) {
        return { ...report, status: report.requests > 0 ? 'sent' : 'waiting' };
      }
      const pending = await queue.loadPending(MAX_RECORDS_PER_REQUEST, at);
      if (pending.length === 0) return { ...report, status: report.requests > 0 ? 'sent' : 'idle' };

      // A record the schema cannot carry would make the service refuse the whole request:
      // it is set aside as rejected, with the reason, and the others go.
      const invalid: VerifactuRecordResult[] = [];
      const valid = pending.filter((record) => {
        const problems = verifactuRecordProblems(record);
        if (problems.length > 0) invalid.push({ recordId: record.id, outcome: 'rejected', code: 'regalo:invalid', description: problems.join('; ') });
        return problems.length === 0;
      });
      if (invalid.length > 0) {
        await queue.markResults(invalid, at, state);
        count(invalid);
      }
      if (valid.length === 0) continue;

      const batch = nextBatch(valid);
      report.requests++;
      try {
        const answer = await sender.send(batch);
        const answeredAt = now();
        state = {
          nextAllowedSendAt: new Date(answeredAt.getTime() + answer.waitSeconds * 1000),
          consecutiveFailures: 0,
          lastError: null,
        };
        await queue.markResults(answer.results, answeredAt, state);
        count(answer.results);
        report.nextAllowedSendAt = state.nextAllowedSendAt;
      } catch (error) {
        if (!(error instanceof VerifactuUnavailableError)) throw error;
        const failedAt = now();
        const failures = state.consecutiveFailures + 1;
        state = {
          nextAllowedSendAt: new Date(failedAt.getTime() + verifactuBackoffMs(failures)),
          consecutiveFailures: failures,
          lastError: error.message,
        };
        await queue.markAttemptFailed(
          batch.map((r) => r.id),
          error.message,
          failedAt,
          state,
        );
        return { ...report, status: 'failed', error: error.message, nextAllowedSendAt: state.nextAllowedSendAt };
      }
    }
    return { ...report, status: 'sent' };
  };

  if (!options.exclusively) return pass();
  return (await options.exclusively(pass)) ?? { ...report, status: 'busy' };
}
