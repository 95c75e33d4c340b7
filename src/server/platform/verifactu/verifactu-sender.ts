import type { InvoiceDocument } from './invoice-document';

/**
 * Sending VERI*FACTU billing records to the AEAT (ADR 062). One contract, three
 * drivers: `off` keeps the records and sends nothing, `aeat-test` and `aeat` post them to the
 * AEAT's test and production service with the operator's client certificate. The queue
 * (send-pending-verifactu-records.ts) works only through this interface.
 */
export type VerifactuDriver = 'off' | 'aeat-test' | 'aeat';

/** The service refuses a request with more RegistroFactura items than this (SuministroLR.xsd). */
export const MAX_RECORDS_PER_REQUEST = 1000;

/** One billing record as it is sent: the invoice it registers or cancels, and its chain link. */
export interface VerifactuRecordToSend {
  id: string;
  /** Registro de alta (the invoice is issued) or de anulación (the invoice is cancelled). */
  kind: 'alta' | 'anulacion';
  invoice: InvoiceDocument;
  /** FechaHoraHusoGenRegistro exactly as it went into the fingerprint, e.g. `2027-02-01T00:05:00+01:00`. */
  generatedAt: string;
  /** NumeroInstalacion: the installation that generated the record, as stored with it. */
  installationNumber: string;
  /** Huella: upper-case hexadecimal SHA-256 of the record's fields (64 characters). */
  fingerprint: string;
  /** The record before this one in the issuer's chain; absent for the very first record. */
  previous?: {
    issuerTaxId: string;
    /** NumSerieFactura of the previous record's invoice. */
    fullNumber: string;
    /** That invoice's issue date, `yyyy-mm-dd`. */
    issueDate: string;
    fingerprint: string;
  };
}

/** What the AEAT said about one record. */
export type VerifactuRecordResult =
  | { recordId: string; outcome: 'accepted' }
  | { recordId: string; outcome: 'accepted_with_errors'; code: string; description: string }
  | { recordId: string; outcome: 'rejected'; code: string; description: string };

export interface VerifactuSendResult {
  /** One result per record sent, in the order sent. */
  results: VerifactuRecordResult[];
  /** TiempoEsperaEnvio: seconds before the next request may be sent. */
  waitSeconds: number;
  /** EstadoEnvio of the whole request. */
  submissionState: 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
  /** The AEAT's secure verification code for the submission, when it gave one. */
  csv?: string;
}

export interface VerifactuSender {
  readonly driver: VerifactuDriver;
  /**
   * Sends up to MAX_RECORDS_PER_REQUEST records of one issuer in one request. Resolves with
   * the AEAT's answer for every record (a refusal of the whole request for reasons in the
   * records, a SOAP client fault, comes back as every record rejected). Throws
   * VerifactuUnavailableError when no answer about the records was had (network, timeout,
   * TLS, HTTP error, server fault): nothing is known, so the same records go again later.
   */
  send(batch: readonly VerifactuRecordToSend[]): Promise<VerifactuSendResult>;
}

/** No answer about the records: the batch is retried as a whole after a back-off. */
export class VerifactuUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VerifactuUnavailableError';
  }
}

/** The `off` driver: records are kept and chained, and stay pending until a real driver runs. */
export function createOffVerifactuSender(): VerifactuSender {
  return {
    driver: 'off',
    send() {
      return Promise.reject(new Error('VERIFACTU_DRIVER=off sends nothing; the queue does not call it'));
    },
  };
}
