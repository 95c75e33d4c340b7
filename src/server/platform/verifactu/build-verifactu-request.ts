import type { InvoiceDocument } from './invoice-document';
import { aeatAmount, aeatDate, aeatRate } from './aeat-formats';
import { escapeXml } from './minimal-xml';
import { MAX_RECORDS_PER_REQUEST, type VerifactuRecordToSend } from './verifactu-sender';

/**
 * The SOAP request RegFactuSistemaFacturacion (SistemaFacturacion.wsdl, SuministroLR.xsd,
 * SuministroInformacion.xsd, Orden HAC/1177/2024): a Cabecera naming the issuer, then one
 * RegistroFactura per record holding a RegistroAlta or a RegistroAnulacion. Element order
 * follows the schemas' sequences, which the service enforces.
 */

export const SOAP_ENVELOPE_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const AEAT_WS = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws';
export const SUMINISTRO_LR_NS = `${AEAT_WS}/SuministroLR.xsd`;
export const SUMINISTRO_INFORMACION_NS = `${AEAT_WS}/SuministroInformacion.xsd`;
export const RESPUESTA_SUMINISTRO_NS = `${AEAT_WS}/RespuestaSuministro.xsd`;

/** SistemaInformatico: the billing software and who produces it (the operator runs its own). */
export interface VerifactuSystemInfo {
  /** NombreRazon of the producer (max 120). */
  producerName: string;
  /** NIF of the producer (9 characters). */
  producerTaxId: string;
  /** NombreSistemaInformatico (max 30). */
  name: string;
  /** IdSistemaInformatico (max 2). */
  id: string;
  /** Version (max 50). */
  version: string;
}

/** A record that cannot be put in the schema as it is; the queue sets it aside with this reason. */
export class VerifactuRecordInvalidError extends Error {
  constructor(
    readonly recordId: string,
    readonly problems: string[],
  ) {
    super(`VERI*FACTU record ${recordId} cannot be sent: ${problems.join('; ')}`);
    this.name = 'VerifactuRecordInvalidError';
  }
}

const FINGERPRINT = /^[0-9A-F]{64}$/;
/** xs:dateTime with a mandatory offset, as FechaHoraHusoGenRegistro must carry the time zone. */
const DATE_TIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function textProblems(label: string, value: string, max: number, min = 1): string[] {
  if (value.trim().length < min) return [`${label} is empty`];
  return [...value].length > max ? [`${label} is longer than ${max} characters`] : [];
}

const isNif = (value: string) => /^[0-9A-Z]{9}$/.test(value);

/** Everything wrong with one record for the schema; empty when it can be sent. */
export function verifactuRecordProblems(record: VerifactuRecordToSend): string[] {
  const problems: string[] = [];
  const invoice = record.invoice;
  if (!isNif(invoice.issuer.taxId)) problems.push('the issuer tax id is not a 9-character NIF');
  problems.push(...textProblems('NumSerieFactura', invoice.fullNumber, 60));
  problems.push(...textProblems('NumeroInstalacion', record.installationNumber, 100));
  if (!ISO_DATE.test(invoice.issueDate)) problems.push('the issue date is not yyyy-mm-dd');
  if (!FINGERPRINT.test(record.fingerprint)) problems.push('the fingerprint is not 64 upper-case hexadecimal characters');
  if (!DATE_TIME_WITH_OFFSET.test(record.generatedAt)) problems.push('generatedAt is not an ISO 8601 date-time with an offset');
  if (record.previous) {
    if (!isNif(record.previous.issuerTaxId)) problems.push('the previous record issuer tax id is not a 9-character NIF');
    problems.push(...textProblems('the previous NumSerieFactura', record.previous.fullNumber, 60));
    if (!ISO_DATE.test(record.previous.issueDate)) problems.push('the previous issue date is not yyyy-mm-dd');
    if (!FINGERPRINT.test(record.previous.fingerprint)) problems.push('the previous fingerprint is not 64 upper-case hexadecimal characters');
  }
  if (record.kind === 'alta') {
    problems.push(...textProblems('NombreRazonEmisor', invoice.issuer.name, 120));
    problems.push(...textProblems('the recipient name', invoice.recipient.name, 120));
    if (!isNif(invoice.recipient.taxId)) problems.push('the recipient tax id is not a 9-character NIF');
    if (invoice.baseCents + invoice.vatCents !== invoice.totalCents) problems.push('base plus VAT is not the total');
    if (invoice.type === 'R1' && !invoice.corrects) problems.push('a rectifying invoice (R1) must name the invoice it corrects');
    if (invoice.substitutes) {
      if (invoice.type !== 'R1') problems.push('only a rectifying invoice (R1) replaces invoices');
      if (invoice.substitutes.invoices.length === 0 || invoice.substitutes.invoices.length > 1000) problems.push('a substitution replaces 1 to 1000 invoices');
      for (const replaced of invoice.substitutes.invoices) {
        problems.push(...textProblems('the replaced NumSerieFactura', replaced.fullNumber, 60));
        if (!ISO_DATE.test(replaced.issueDate)) problems.push('the replaced invoice issue date is not yyyy-mm-dd');
      }
    }
    if (invoice.corrects) {
      problems.push(...textProblems('the corrected NumSerieFactura', invoice.corrects.fullNumber, 60));
      if (!ISO_DATE.test(invoice.corrects.issueDate)) problems.push('the corrected invoice issue date is not yyyy-mm-dd');
    }
    try {
      aeatAmount(invoice.baseCents);
      aeatAmount(invoice.vatCents);
      aeatAmount(invoice.totalCents);
      aeatRate(invoice.vatRateBasisPoints);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return problems;
}

function el(name: string, value: string): string {
  return `<${name}>${escapeXml(value)}</${name}>`;
}

function chainXml(record: VerifactuRecordToSend): string {
  if (!record.previous) return `<sum1:Encadenamiento>${el('sum1:PrimerRegistro', 'S')}</sum1:Encadenamiento>`;
  const p = record.previous;
  return (
    '<sum1:Encadenamiento><sum1:RegistroAnterior>' +
    el('sum1:IDEmisorFactura', p.issuerTaxId) +
    el('sum1:NumSerieFactura', p.fullNumber) +
    el('sum1:FechaExpedicionFactura', aeatDate(p.issueDate)) +
    el('sum1:Huella', p.fingerprint) +
    '</sum1:RegistroAnterior></sum1:Encadenamiento>'
  );
}

function systemXml(system: VerifactuSystemInfo, installationNumber: string): string {
  return (
    '<sum1:SistemaInformatico>' +
    el('sum1:NombreRazon', system.producerName) +
    el('sum1:NIF', system.producerTaxId) +
    el('sum1:NombreSistemaInformatico', system.name) +
    el('sum1:IdSistemaInformatico', system.id) +
    el('sum1:Version', system.version) +
    // The installation that generated this record, stored with it (not the sender's address).
    el('sum1:NumeroInstalacion', installationNumber) +
    // Regalo only works as a VERI*FACTU system, for one issuer: the operator.
    el('sum1:TipoUsoPosibleSoloVerifactu', 'S') +
    el('sum1:TipoUsoPosibleMultiOT', 'N') +
    el('sum1:IndicadorMultiplesOT', 'N') +
    '</sum1:SistemaInformatico>'
  );
}

function lastDayOfMonth(period: string): string | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return undefined;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).getUTCDate();
  return `${match[1]}-${match[2]}-${String(day).padStart(2, '0')}`;
}

/** DescripcionOperacion (max 500), in Spanish as the tax record is. */
export function operationDescription(invoice: InvoiceDocument): string {
  const [year, month] = invoice.period.split('-');
  const period = month && year ? `${month}/${year}` : invoice.period;
  const service = `Comisión por la intermediación en la venta de regalos, periodo ${period}`;
  const text = invoice.substitutes
    ? `Rectificación por sustitución de ${invoice.substitutes.invoices.length === 1 ? 'la factura' : 'las facturas'} ${invoice.substitutes.invoices.map((i) => i.fullNumber).join(', ')} (corrección de los datos del destinatario): ${service}`
    : invoice.type === 'R1' && invoice.corrects
      ? `Rectificación por diferencias de la factura ${invoice.corrects.fullNumber}: ${service}`
      : service;
  return [...text].slice(0, 500).join('');
}

function altaXml(record: VerifactuRecordToSend, system: VerifactuSystemInfo): string {
  const invoice = record.invoice;
  // The commission is earned over the month invoiced, so the operation date is that month's
  // last day whenever it differs from the issue date (RD 1619/2012, art. 6.1.f).
  const operationDate = lastDayOfMonth(invoice.period);
  const parts = [
    el('sum1:IDVersion', '1.0'),
    '<sum1:IDFactura>' +
      el('sum1:IDEmisorFactura', invoice.issuer.taxId) +
      el('sum1:NumSerieFactura', invoice.fullNumber) +
      el('sum1:FechaExpedicionFactura', aeatDate(invoice.issueDate)) +
      '</sum1:IDFactura>',
    el('sum1:NombreRazonEmisor', invoice.issuer.name),
    el('sum1:TipoFactura', invoice.type),
  ];
  if (invoice.type === 'R1' && invoice.substitutes) {
    // By substitution: the R1 carries the full corrected amounts (its Desglose and totals) and
    // ImporteRectificacion says what the invoices it replaces charged, summed.
    const replaced = invoice.substitutes.invoices;
    parts.push(
      el('sum1:TipoRectificativa', 'S'),
      '<sum1:FacturasRectificadas>' +
        replaced
          .map(
            (r) =>
              '<sum1:IDFacturaRectificada>' +
              el('sum1:IDEmisorFactura', invoice.issuer.taxId) +
              el('sum1:NumSerieFactura', r.fullNumber) +
              el('sum1:FechaExpedicionFactura', aeatDate(r.issueDate)) +
              '</sum1:IDFacturaRectificada>',
          )
          .join('') +
        '</sum1:FacturasRectificadas>',
      // No CuotaRecargoRectificado: Regalo's commission never carries recargo de equivalencia.
      '<sum1:ImporteRectificacion>' +
        el('sum1:BaseRectificada', aeatAmount(replaced.reduce((sum, r) => sum + r.baseCents, 0))) +
        el('sum1:CuotaRectificada', aeatAmount(replaced.reduce((sum, r) => sum + r.vatCents, 0))) +
        '</sum1:ImporteRectificacion>',
    );
  } else if (invoice.type === 'R1' && invoice.corrects) {
    // By differences: the R1 carries only the change, negative when commission went down.
    parts.push(
      el('sum1:TipoRectificativa', 'I'),
      '<sum1:FacturasRectificadas><sum1:IDFacturaRectificada>' +
        el('sum1:IDEmisorFactura', invoice.issuer.taxId) +
        el('sum1:NumSerieFactura', invoice.corrects.fullNumber) +
        el('sum1:FechaExpedicionFactura', aeatDate(invoice.corrects.issueDate)) +
        '</sum1:IDFacturaRectificada></sum1:FacturasRectificadas>',
    );
  }
  if (operationDate && operationDate !== invoice.issueDate) parts.push(el('sum1:FechaOperacion', aeatDate(operationDate)));
  parts.push(
    el('sum1:DescripcionOperacion', operationDescription(invoice)),
    '<sum1:Destinatarios><sum1:IDDestinatario>' +
      el('sum1:NombreRazon', invoice.recipient.name) +
      el('sum1:NIF', invoice.recipient.taxId) +
      '</sum1:IDDestinatario></sum1:Destinatarios>',
    '<sum1:Desglose><sum1:DetalleDesglose>' +
      el('sum1:Impuesto', '01') +
      el('sum1:ClaveRegimen', '01') +
      el('sum1:CalificacionOperacion', 'S1') +
      el('sum1:TipoImpositivo', aeatRate(invoice.vatRateBasisPoints)) +
      el('sum1:BaseImponibleOimporteNoSujeto', aeatAmount(invoice.baseCents)) +
      el('sum1:CuotaRepercutida', aeatAmount(invoice.vatCents)) +
      '</sum1:DetalleDesglose></sum1:Desglose>',
    el('sum1:CuotaTotal', aeatAmount(invoice.vatCents)),
    el('sum1:ImporteTotal', aeatAmount(invoice.totalCents)),
    chainXml(record),
    systemXml(system, record.installationNumber),
    el('sum1:FechaHoraHusoGenRegistro', record.generatedAt),
    el('sum1:TipoHuella', '01'),
    el('sum1:Huella', record.fingerprint),
  );
  return `<sum1:RegistroAlta>${parts.join('')}</sum1:RegistroAlta>`;
}

function anulacionXml(record: VerifactuRecordToSend, system: VerifactuSystemInfo): string {
  const invoice = record.invoice;
  return (
    '<sum1:RegistroAnulacion>' +
    el('sum1:IDVersion', '1.0') +
    '<sum1:IDFactura>' +
    el('sum1:IDEmisorFacturaAnulada', invoice.issuer.taxId) +
    el('sum1:NumSerieFacturaAnulada', invoice.fullNumber) +
    el('sum1:FechaExpedicionFacturaAnulada', aeatDate(invoice.issueDate)) +
    '</sum1:IDFactura>' +
    chainXml(record) +
    systemXml(system, record.installationNumber) +
    el('sum1:FechaHoraHusoGenRegistro', record.generatedAt) +
    el('sum1:TipoHuella', '01') +
    el('sum1:Huella', record.fingerprint) +
    '</sum1:RegistroAnulacion>'
  );
}

/**
 * The whole SOAP envelope for one request. All records must belong to one issuer (the
 * Cabecera's ObligadoEmision) and be valid (verifactuRecordProblems); at most
 * MAX_RECORDS_PER_REQUEST of them.
 */
export function buildRegFactuRequest(records: readonly VerifactuRecordToSend[], system: VerifactuSystemInfo): string {
  if (records.length === 0) throw new RangeError('A request carries at least one record');
  if (records.length > MAX_RECORDS_PER_REQUEST) throw new RangeError(`A request carries at most ${MAX_RECORDS_PER_REQUEST} records`);
  const issuer = records[0]!.invoice.issuer;
  for (const record of records) {
    if (record.invoice.issuer.taxId !== issuer.taxId) throw new RangeError('All records of a request must have the same issuer');
    const problems = verifactuRecordProblems(record);
    if (problems.length > 0) throw new VerifactuRecordInvalidError(record.id, problems);
  }
  const items = records
    .map((r) => `<sum:RegistroFactura>${r.kind === 'alta' ? altaXml(r, system) : anulacionXml(r, system)}</sum:RegistroFactura>`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENVELOPE_NS}" xmlns:sum="${SUMINISTRO_LR_NS}" xmlns:sum1="${SUMINISTRO_INFORMACION_NS}">` +
    '<soapenv:Header/><soapenv:Body><sum:RegFactuSistemaFacturacion>' +
    '<sum:Cabecera><sum1:ObligadoEmision>' +
    el('sum1:NombreRazon', issuer.name) +
    el('sum1:NIF', issuer.taxId) +
    '</sum1:ObligadoEmision></sum:Cabecera>' +
    items +
    '</sum:RegFactuSistemaFacturacion></soapenv:Body></soapenv:Envelope>'
  );
}
