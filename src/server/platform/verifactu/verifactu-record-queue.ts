import type { VerifactuRecordResult, VerifactuRecordToSend } from './verifactu-sender';

/**
 * Where the sending queue keeps its records and its pace (ADR 062). The invoicing module
 * implements it over its table of billing records; tests use an in-memory one. Both pass
 * describeVerifactuRecordQueueContract.
 *
 * A record's sending state (VerifactuSendState in @shared/domain/verifactu-send-states): `pending` until
 * the AEAT has answered for it, then `accepted`, `accepted_with_errors` or `rejected`. With
 * VERIFACTU_DRIVER=off records simply stay `pending`, and go out in chain order once a
 * sending driver is configured.
 */

/** The queue's pace, shared by every server through the database. */
export interface VerifactuQueueState {
  /** No request may leave before this moment: the AEAT's TiempoEsperaEnvio, or the back-off after a failure. */
  nextAllowedSendAt: Date | null;
  /** Requests in a row that got no answer about their records (network, timeout, HTTP error, server fault). */
  consecutiveFailures: number;
  /** The last of those failures, for the admin; null once the service answers again. */
  lastError: string | null;
}

export interface VerifactuRecordQueue {
  /**
   * Up to `limit` records in state `pending`, in chain order (the order their fingerprints
   * were chained, oldest first), each with its invoice and its previous record's link.
   */
  loadPending(limit: number, now: Date): Promise<VerifactuRecordToSend[]>;
  /**
   * In one transaction: stores each record's outcome (state, error code and description,
   * answered at `now`; a record answered again gets the newer answer) and the queue's new
   * pace. Records not named keep their state.
   */
  markResults(results: readonly VerifactuRecordResult[], now: Date, queue: VerifactuQueueState): Promise<void>;
  /**
   * In one transaction: counts one more failed attempt on each record (they stay `pending`),
   * keeps `error` as their last error for the admin, and stores the queue's new pace.
   */
  markAttemptFailed(recordIds: readonly string[], error: string, now: Date, queue: VerifactuQueueState): Promise<void>;
  /** The pace last stored; `{ nextAllowedSendAt: null, consecutiveFailures: 0, lastError: null }` at first. */
  loadQueueState(): Promise<VerifactuQueueState>;
}
