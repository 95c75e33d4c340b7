import type { VerifactuSendState } from '@shared/domain/verifactu-send-states';
import type { VerifactuQueueState, VerifactuRecordQueue } from '../platform/verifactu/verifactu-record-queue';
import type { VerifactuRecordResult, VerifactuRecordToSend } from '../platform/verifactu/verifactu-sender';

export interface InMemoryVerifactuRow {
  record: VerifactuRecordToSend;
  state: VerifactuSendState;
  attempts: number;
  lastError: string | null;
  errorCode: string | null;
  errorDescription: string | null;
  answeredAt: Date | null;
}

/** The sending queue kept in memory, in chain order: for the sender's tests only. */
export class InMemoryVerifactuQueue implements VerifactuRecordQueue {
  readonly rows: InMemoryVerifactuRow[];
  private state: VerifactuQueueState = { nextAllowedSendAt: null, consecutiveFailures: 0, lastError: null };

  constructor(records: readonly VerifactuRecordToSend[]) {
    this.rows = [];
    this.append(records);
  }

  /** Records chained after the ones already held (invoices issued meanwhile). */
  append(records: readonly VerifactuRecordToSend[]): void {
    this.rows.push(...records.map((record) => ({ record, state: 'pending' as const, attempts: 0, lastError: null, errorCode: null, errorDescription: null, answeredAt: null })));
  }

  row(id: string): InMemoryVerifactuRow {
    const row = this.rows.find((r) => r.record.id === id);
    if (!row) throw new Error(`No record ${id}`);
    return row;
  }

  async loadPending(limit: number): Promise<VerifactuRecordToSend[]> {
    return this.rows.filter((r) => r.state === 'pending').slice(0, limit).map((r) => structuredClone(r.record));
  }

  async markResults(results: readonly VerifactuRecordResult[], now: Date, queue: VerifactuQueueState): Promise<void> {
    for (const result of results) {
      const row = this.row(result.recordId);
      row.state = result.outcome;
      row.errorCode = result.outcome === 'accepted' ? null : result.code;
      row.errorDescription = result.outcome === 'accepted' ? null : result.description;
      row.answeredAt = now;
    }
    this.state = { ...queue };
  }

  async markAttemptFailed(recordIds: readonly string[], error: string, _now: Date, queue: VerifactuQueueState): Promise<void> {
    for (const id of recordIds) {
      const row = this.row(id);
      row.attempts++;
      row.lastError = error;
    }
    this.state = { ...queue };
  }

  async loadQueueState(): Promise<VerifactuQueueState> {
    return { ...this.state };
  }
}
