import { isoDateFromAeat } from './aeat-formats';
import { childOf, childrenOf, parseXml, textAt, XmlParseError, type XmlElement } from './minimal-xml';
import {
  VerifactuUnavailableError,
  type VerifactuRecordResult,
  type VerifactuRecordToSend,
  type VerifactuSendResult,
} from './verifactu-sender';

/**
 * Reading the service's answer (RespuestaSuministro.xsd): RespuestaRegFactuSistemaFacturacion
 * with CSV, DatosPresentacion, Cabecera, TiempoEsperaEnvio, EstadoEnvio and one RespuestaLinea
 * per record (IDFactura, Operacion/TipoOperacion, EstadoRegistro, CodigoErrorRegistro,
 * DescripcionErrorRegistro, RegistroDuplicado), or a SOAP Fault refusing the whole request.
 */

type SubmissionState = VerifactuSendResult['submissionState'];
const SUBMISSION_STATES: readonly SubmissionState[] = ['Correcto', 'ParcialmenteCorrecto', 'Incorrecto'];
const RECORD_STATES = ['Correcto', 'AceptadoConErrores', 'Incorrecto'] as const;
const DUPLICATE_STATES = ['Correcta', 'AceptadaConErrores', 'Anulada'] as const;

export interface AeatResponseLine {
  issuerTaxId: string;
  fullNumber: string;
  /** yyyy-mm-dd */
  issueDate: string;
  operation: 'alta' | 'anulacion';
  state: (typeof RECORD_STATES)[number];
  code?: string;
  description?: string;
  /** Present when the record was already registered (e.g. sent again after a lost answer). */
  duplicate?: { state: (typeof DUPLICATE_STATES)[number]; code?: string; description?: string };
}

export type AeatResponse =
  | { kind: 'answer'; submissionState: SubmissionState; waitSeconds: number; csv?: string; lines: AeatResponseLine[] }
  /** `side` is who the fault blames: the request (client) or the service (server). */
  | { kind: 'fault'; side: 'client' | 'server'; code: string; message: string };

/** The answer does not have the shape the schema promises. */
export class VerifactuProtocolError extends VerifactuUnavailableError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VerifactuProtocolError';
  }
}

function required(element: XmlElement | undefined, ...path: string[]): string {
  const value = textAt(element, ...path);
  if (value === undefined || value === '') throw new VerifactuProtocolError(`The answer has no ${path.join('/')}`);
  return value;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], field: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new VerifactuProtocolError(`Unexpected ${field} "${value}"`);
  return value as T;
}

function readLine(line: XmlElement): AeatResponseLine {
  const id = childOf(line, 'IDFactura');
  const operation = required(line, 'Operacion', 'TipoOperacion');
  const duplicate = childOf(line, 'RegistroDuplicado');
  let issueDate: string;
  try {
    issueDate = isoDateFromAeat(required(id, 'FechaExpedicionFactura'));
  } catch (error) {
    if (error instanceof VerifactuProtocolError) throw error;
    throw new VerifactuProtocolError((error as Error).message);
  }
  return {
    issuerTaxId: required(id, 'IDEmisorFactura'),
    fullNumber: required(id, 'NumSerieFactura'),
    issueDate,
    operation: oneOf(operation, ['Alta', 'Anulacion'], 'TipoOperacion') === 'Alta' ? 'alta' : 'anulacion',
    state: oneOf(required(line, 'EstadoRegistro'), RECORD_STATES, 'EstadoRegistro'),
    code: textAt(line, 'CodigoErrorRegistro') || undefined,
    description: textAt(line, 'DescripcionErrorRegistro') || undefined,
    duplicate: duplicate
      ? {
          state: oneOf(required(duplicate, 'EstadoRegistroDuplicado'), DUPLICATE_STATES, 'EstadoRegistroDuplicado'),
          code: textAt(duplicate, 'CodigoErrorRegistro') || undefined,
          description: textAt(duplicate, 'DescripcionErrorRegistro') || undefined,
        }
      : undefined,
  };
}

/** Parses the body the service returned (any HTTP status: faults come with 500). */
export function readVerifactuResponse(xml: string): AeatResponse {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    if (error instanceof XmlParseError) throw new VerifactuProtocolError(`The answer is not XML: ${error.message}`, { cause: error });
    throw error;
  }
  if (root.name !== 'Envelope') throw new VerifactuProtocolError(`The answer is not a SOAP envelope but <${root.name}>`);
  const body = childOf(root, 'Body');
  if (!body) throw new VerifactuProtocolError('The SOAP envelope has no Body');
  const fault = childOf(body, 'Fault');
  if (fault) {
    // SOAP 1.1 faultcode is a QName (env:Client / env:Server); the AEAT puts its error number
    // in faultstring as "Codigo[4102].El XML no cumple el esquema...".
    const faultCode = textAt(fault, 'faultcode') ?? '';
    const message = textAt(fault, 'faultstring') ?? '';
    const localCode = faultCode.slice(faultCode.indexOf(':') + 1);
    const numbered = /Codigo\[(\d+)\]/i.exec(message);
    return {
      kind: 'fault',
      side: localCode === 'Client' || localCode === 'Sender' ? 'client' : 'server',
      code: numbered?.[1] ?? (faultCode || 'Fault'),
      message: message || faultCode || 'SOAP fault without a message',
    };
  }
  const answer = childOf(body, 'RespuestaRegFactuSistemaFacturacion');
  if (!answer) throw new VerifactuProtocolError('The answer has no RespuestaRegFactuSistemaFacturacion');
  const wait = required(answer, 'TiempoEsperaEnvio');
  if (!/^\d{1,4}$/.test(wait)) throw new VerifactuProtocolError(`Unexpected TiempoEsperaEnvio "${wait}"`);
  return {
    kind: 'answer',
    submissionState: oneOf(required(answer, 'EstadoEnvio'), SUBMISSION_STATES, 'EstadoEnvio'),
    waitSeconds: Number(wait),
    csv: textAt(answer, 'CSV') || undefined,
    lines: childrenOf(answer, 'RespuestaLinea').map(readLine),
  };
}

const keyOf = (issuerTaxId: string, fullNumber: string, issueDate: string, operation: string) =>
  JSON.stringify([issuerTaxId, fullNumber, issueDate, operation]);

/** The answer for the records sent: one result each, in the order sent. */
export function resultsForRecords(records: readonly VerifactuRecordToSend[], response: AeatResponse): VerifactuSendResult {
  if (response.kind === 'fault') {
    if (response.side === 'server') throw new VerifactuUnavailableError(`The AEAT's service failed: ${response.code} ${response.message}`);
    // The request itself was refused (schema, header, batch size): no record was registered.
    return {
      results: records.map((r) => ({ recordId: r.id, outcome: 'rejected', code: response.code, description: response.message })),
      waitSeconds: 0,
      submissionState: 'Incorrecto',
    };
  }
  const lines = new Map(response.lines.map((l) => [keyOf(l.issuerTaxId, l.fullNumber, l.issueDate, l.operation), l]));
  const results = records.map((record): VerifactuRecordResult => {
    const invoice = record.invoice;
    const line = lines.get(keyOf(invoice.issuer.taxId, invoice.fullNumber, invoice.issueDate, record.kind));
    if (!line) {
      if (response.submissionState === 'Incorrecto') {
        return { recordId: record.id, outcome: 'rejected', code: 'regalo:no-line', description: 'The AEAT refused the whole submission (EstadoEnvio Incorrecto) without a line for this record' };
      }
      throw new VerifactuProtocolError(`The answer has no line for ${record.kind} ${invoice.fullNumber}`);
    }
    if (line.state === 'Correcto') return { recordId: record.id, outcome: 'accepted' };
    if (line.state === 'AceptadoConErrores') {
      return { recordId: record.id, outcome: 'accepted_with_errors', code: line.code ?? '', description: line.description ?? '' };
    }
    // Already registered by an earlier request whose answer was lost: what the AEAT holds is ours.
    if (line.duplicate) {
      if (line.duplicate.state === 'AceptadaConErrores') {
        return {
          recordId: record.id,
          outcome: 'accepted_with_errors',
          code: line.duplicate.code ?? line.code ?? '',
          description: line.duplicate.description ?? line.description ?? '',
        };
      }
      return { recordId: record.id, outcome: 'accepted' };
    }
    return { recordId: record.id, outcome: 'rejected', code: line.code ?? '', description: line.description ?? '' };
  });
  return { results, waitSeconds: response.waitSeconds, submissionState: response.submissionState, csv: response.csv };
}
