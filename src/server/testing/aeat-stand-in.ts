import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { childOf, childrenOf, escapeXml, parseXml, textAt, type XmlElement } from '../platform/verifactu/minimal-xml';
import { RESPUESTA_SUMINISTRO_NS, SOAP_ENVELOPE_NS, SUMINISTRO_INFORMACION_NS } from '../platform/verifactu/build-verifactu-request';
import type { TestCertificates } from './test-certificates';

/** The path of the service's port (SistemaFacturacion.wsdl). */
export const AEAT_STAND_IN_PATH = '/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';

/** One RegistroFactura as the stand-in read it from a request. */
export interface StandInRecord {
  operation: 'Alta' | 'Anulacion';
  issuerTaxId: string;
  fullNumber: string;
  /** dd-mm-yyyy, as sent. */
  issueDate: string;
  /** The element's children's names, in order (the stand-in checks them against the schema). */
  fields: string[];
  xml: XmlElement;
}

export type StandInLineOutcome =
  | { state: 'Correcto' }
  | { state: 'AceptadoConErrores' | 'Incorrecto'; code: string; description: string };

export type StandInScenario =
  /** A SOAP answer; `line` decides each record's outcome (the service's own checks when it returns undefined). */
  | { kind: 'answer'; line?: (record: StandInRecord, index: number) => StandInLineOutcome | undefined; waitSeconds?: number }
  | { kind: 'http-error'; status: number }
  | { kind: 'fault'; side: 'Client' | 'Server'; code: string; message: string }
  /** Reads the request and never answers (the client's timeout is what ends it). */
  | { kind: 'hang' }
  /** Registers the records as an answer would, then the answer is lost (HTTP 502 from a proxy). */
  | { kind: 'answer-lost' };

export interface StandInRequest {
  path: string;
  contentType: string | undefined;
  soapAction: string | undefined;
  /** The subject common name of the client certificate presented in the TLS handshake. */
  clientCommonName: string | undefined;
  issuerTaxId: string | undefined;
  issuerName: string | undefined;
  records: StandInRecord[];
  body: string;
}

// Element order of RegistroAlta / RegistroAnulacion (SuministroInformacion.xsd) and which are required.
const ALTA_SEQUENCE: [string, boolean][] = [
  ['IDVersion', true], ['IDFactura', true], ['RefExterna', false], ['NombreRazonEmisor', true], ['Subsanacion', false],
  ['RechazoPrevio', false], ['TipoFactura', true], ['TipoRectificativa', false], ['FacturasRectificadas', false],
  ['FacturasSustituidas', false], ['ImporteRectificacion', false], ['FechaOperacion', false], ['DescripcionOperacion', true],
  ['FacturaSimplificadaArt7273', false], ['FacturaSinIdentifDestinatarioArt61d', false], ['Macrodato', false],
  ['EmitidaPorTerceroODestinatario', false], ['Tercero', false], ['Destinatarios', false], ['Cupon', false], ['Desglose', true],
  ['CuotaTotal', true], ['ImporteTotal', true], ['Encadenamiento', true], ['SistemaInformatico', true],
  ['FechaHoraHusoGenRegistro', true], ['NumRegistroAcuerdoFacturacion', false], ['IdAcuerdoSistemaInformatico', false],
  ['TipoHuella', true], ['Huella', true], ['Signature', false],
];
const ANULACION_SEQUENCE: [string, boolean][] = [
  ['IDVersion', true], ['IDFactura', true], ['RefExterna', false], ['SinRegistroPrevio', false], ['RechazoPrevio', false],
  ['GeneradoPor', false], ['Generador', false], ['Encadenamiento', true], ['SistemaInformatico', true],
  ['FechaHoraHusoGenRegistro', true], ['TipoHuella', true], ['Huella', true], ['Signature', false],
];
// IDFacturaRectificada (IDFacturaARType) and ImporteRectificacion (DesgloseRectificacionType).
const ID_FACTURA_RECTIFICADA_SEQUENCE: [string, boolean][] = [['IDEmisorFactura', true], ['NumSerieFactura', true], ['FechaExpedicionFactura', true]];
const IMPORTE_RECTIFICACION_SEQUENCE: [string, boolean][] = [['BaseRectificada', true], ['CuotaRectificada', true], ['CuotaRecargoRectificado', false]];
const AMOUNT = /^(\+|-)?\d{1,12}(\.\d{0,2})?$/;

/** The first child out of its sequence's order, unexpected or missing, or undefined. */
function sequenceProblem(element: XmlElement, sequence: [string, boolean][]): string | undefined {
  let position = -1;
  for (const child of element.children) {
    const index = sequence.findIndex(([name]) => name === child.name);
    if (index === -1) return `elemento no esperado ${element.name}/${child.name}`;
    if (index <= position) return `elemento ${element.name}/${child.name} fuera de orden`;
    position = index;
  }
  const names = new Set(element.children.map((c) => c.name));
  const missing = sequence.find(([name, required]) => required && !names.has(name));
  return missing ? `falta el elemento ${element.name}/${missing[0]}` : undefined;
}

/**
 * A rectifying invoice's own elements (SuministroInformacion.xsd and the service's rules):
 * TipoRectificativa exactly on R1–R5, FacturasRectificadas holding 1 to 1000
 * IDFacturaRectificada, and ImporteRectificacion required by substitution (S) and refused by
 * differences (I), each in its type's order with amounts as the schema writes them.
 */
function rectificationProblem(alta: XmlElement): string | undefined {
  const tipo = textAt(alta, 'TipoFactura') ?? '';
  const rectificativa = textAt(alta, 'TipoRectificativa');
  const rectifying = /^R[1-5]$/.test(tipo);
  if (rectifying !== (rectificativa !== undefined)) return `TipoRectificativa ${rectifying ? 'obligatorio' : 'no permitido'} para TipoFactura ${tipo}`;
  if (rectificativa !== undefined && rectificativa !== 'S' && rectificativa !== 'I') return `TipoRectificativa "${rectificativa}" no válido`;
  const rectified = childOf(alta, 'FacturasRectificadas');
  if (rectified) {
    const ids = rectified.children;
    if (ids.length === 0 || ids.length > 1000) return 'FacturasRectificadas admite de 1 a 1000 IDFacturaRectificada';
    for (const id of ids) {
      if (id.name !== 'IDFacturaRectificada') return `elemento no esperado FacturasRectificadas/${id.name}`;
      const problem = sequenceProblem(id, ID_FACTURA_RECTIFICADA_SEQUENCE);
      if (problem) return problem;
      if (!FECHA.test(textAt(id, 'FechaExpedicionFactura') ?? '')) return 'IDFacturaRectificada/FechaExpedicionFactura no es dd-mm-aaaa';
    }
  }
  const amounts = childOf(alta, 'ImporteRectificacion');
  if (rectificativa === 'S' && !amounts) return 'ImporteRectificacion obligatorio si TipoRectificativa es S';
  if (rectificativa !== 'S' && amounts) return 'ImporteRectificacion solo si TipoRectificativa es S';
  if (amounts) {
    const problem = sequenceProblem(amounts, IMPORTE_RECTIFICACION_SEQUENCE);
    if (problem) return problem;
    for (const child of amounts.children) if (!AMOUNT.test(child.text ?? '')) return `ImporteRectificacion/${child.name} "${child.text}" no es un importe`;
  }
  return undefined;
}
const FECHA = /^\d{2}-\d{2}-\d{4}$/;

/** What is wrong with a record for the schema, or undefined (the service answers 4102 for these). */
export function recordSchemaProblem(element: XmlElement): string | undefined {
  const sequence = element.name === 'RegistroAlta' ? ALTA_SEQUENCE : ANULACION_SEQUENCE;
  let position = -1;
  for (const child of element.children) {
    const index = sequence.findIndex(([name]) => name === child.name);
    if (index === -1) return `elemento no esperado ${child.name}`;
    if (index <= position) return `elemento ${child.name} fuera de orden`;
    position = index;
  }
  const names = new Set(element.children.map((c) => c.name));
  const missing = sequence.find(([name, required]) => required && !names.has(name));
  if (missing) return `falta el elemento ${missing[0]}`;
  if (element.name === 'RegistroAlta') {
    for (const path of [['CuotaTotal'], ['ImporteTotal'], ['Desglose', 'DetalleDesglose', 'BaseImponibleOimporteNoSujeto'], ['Desglose', 'DetalleDesglose', 'CuotaRepercutida']]) {
      const value = textAt(element, ...path) ?? '';
      if (!AMOUNT.test(value)) return `${path.join('/')} "${value}" no es un importe`;
    }
    if (!FECHA.test(textAt(element, 'IDFactura', 'FechaExpedicionFactura') ?? '')) return 'FechaExpedicionFactura no es dd-mm-aaaa';
    const rectification = rectificationProblem(element);
    if (rectification) return rectification;
  }
  return undefined;
}

/** The Huella the service recomputes from the record's own fields (ADR 061). */
export function fingerprintOfRecordXml(element: XmlElement): string {
  const previous = textAt(element, 'Encadenamiento', 'RegistroAnterior', 'Huella') ?? '';
  const fields =
    element.name === 'RegistroAlta'
      ? [
          ['IDEmisorFactura', textAt(element, 'IDFactura', 'IDEmisorFactura')],
          ['NumSerieFactura', textAt(element, 'IDFactura', 'NumSerieFactura')],
          ['FechaExpedicionFactura', textAt(element, 'IDFactura', 'FechaExpedicionFactura')],
          ['TipoFactura', textAt(element, 'TipoFactura')],
          ['CuotaTotal', textAt(element, 'CuotaTotal')],
          ['ImporteTotal', textAt(element, 'ImporteTotal')],
          ['Huella', previous],
          ['FechaHoraHusoGenRegistro', textAt(element, 'FechaHoraHusoGenRegistro')],
        ]
      : [
          ['IDEmisorFacturaAnulada', textAt(element, 'IDFactura', 'IDEmisorFacturaAnulada')],
          ['NumSerieFacturaAnulada', textAt(element, 'IDFactura', 'NumSerieFacturaAnulada')],
          ['FechaExpedicionFacturaAnulada', textAt(element, 'IDFactura', 'FechaExpedicionFacturaAnulada')],
          ['Huella', previous],
          ['FechaHoraHusoGenRegistro', textAt(element, 'FechaHoraHusoGenRegistro')],
        ];
  return createHash('sha256')
    .update(fields.map(([name, value]) => `${name}=${value ?? ''}`).join('&'), 'utf8')
    .digest('hex')
    .toUpperCase();
}

const clientFault = (code: string, message: string): StandInScenario => ({ kind: 'fault', side: 'Client', code, message });

/**
 * A local HTTPS server that speaks the VERI*FACTU service's protocol (SOAP 1.1 over mutual
 * TLS): it refuses connections without a client certificate signed by its authority, reads
 * RegFactuSistemaFacturacion, checks each record's element order, amounts and fingerprint as
 * the service does, remembers what it registered (a record sent again is a duplicate), and
 * answers RespuestaRegFactuSistemaFacturacion — or whatever scenario a test queues: records
 * accepted with errors or rejected, a wait time, an HTTP error, a SOAP fault, no answer.
 */
export class AeatStandIn {
  readonly requests: StandInRequest[] = [];
  /** Scenarios for the next requests, in order; an empty queue answers per the service's own checks. */
  readonly scenarios: StandInScenario[] = [];
  /** TiempoEsperaEnvio of every answer unless the scenario says otherwise (the service's usual 60). */
  waitSeconds = 60;
  /** Records registered so far, by issuer, number, date and operation. */
  private readonly registered = new Map<string, { state: 'Correcta' | 'AceptadaConErrores'; requestId: string }>();
  private readonly server: Server;
  private submissions = 0;

  constructor(certificates: TestCertificates) {
    this.server = createServer(
      { key: certificates.serverKeyPem, cert: certificates.serverCertPem, ca: certificates.caPem, requestCert: true, rejectUnauthorized: true },
      (req, res) => void this.handle(req, res),
    );
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}${AEAT_STAND_IN_PATH}`;
  }

  /** Forgets requests, queued scenarios and registered records (between tests). */
  reset(): void {
    this.requests.length = 0;
    this.scenarios.length = 0;
    this.registered.clear();
    this.waitSeconds = 60;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    const peer = (req.socket as TLSSocket).getPeerCertificate();
    const request: StandInRequest = {
      path: req.url ?? '',
      contentType: req.headers['content-type'],
      soapAction: req.headers.soapaction as string | undefined,
      clientCommonName: typeof peer?.subject?.CN === 'string' ? peer.subject.CN : undefined,
      issuerTaxId: undefined,
      issuerName: undefined,
      records: [],
      body,
    };
    this.requests.push(request);
    if (req.method !== 'POST' || request.path !== AEAT_STAND_IN_PATH) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
      return;
    }
    let scenario = this.scenarios.shift() ?? { kind: 'answer' };
    let regFactu: XmlElement | undefined;
    try {
      const envelope = parseXml(body);
      regFactu = childOf(childOf(envelope, 'Body'), 'RegFactuSistemaFacturacion');
    } catch {
      regFactu = undefined;
    }
    if (!regFactu) {
      scenario = clientFault('4102', 'El XML no cumple el esquema. No se encuentra RegFactuSistemaFacturacion.');
    } else {
      request.issuerTaxId = textAt(regFactu, 'Cabecera', 'ObligadoEmision', 'NIF');
      request.issuerName = textAt(regFactu, 'Cabecera', 'ObligadoEmision', 'NombreRazon');
      request.records = childrenOf(regFactu, 'RegistroFactura').map((item) => {
        const element = item.children[0]!;
        const alta = element?.name === 'RegistroAlta';
        return {
          operation: alta ? 'Alta' : 'Anulacion',
          issuerTaxId: textAt(element, 'IDFactura', alta ? 'IDEmisorFactura' : 'IDEmisorFacturaAnulada') ?? '',
          fullNumber: textAt(element, 'IDFactura', alta ? 'NumSerieFactura' : 'NumSerieFacturaAnulada') ?? '',
          issueDate: textAt(element, 'IDFactura', alta ? 'FechaExpedicionFactura' : 'FechaExpedicionFacturaAnulada') ?? '',
          fields: element?.children.map((c) => c.name) ?? [],
          xml: element,
        };
      });
      const problem = request.records
        .map((r) => (r.xml && ['RegistroAlta', 'RegistroAnulacion'].includes(r.xml.name) ? recordSchemaProblem(r.xml) : 'RegistroFactura vacío'))
        .find((p) => p !== undefined);
      if (!request.issuerTaxId) scenario = clientFault('4102', 'El XML no cumple el esquema. Falta Cabecera/ObligadoEmision/NIF.');
      else if (request.records.length === 0 || request.records.length > 1000) {
        scenario = clientFault('4102', `El XML no cumple el esquema. Se admiten de 1 a 1000 RegistroFactura (${request.records.length}).`);
      } else if (problem) scenario = clientFault('4102', `El XML no cumple el esquema. ${problem}.`);
    }
    if (scenario.kind === 'hang') return;
    if (scenario.kind === 'http-error') {
      res.writeHead(scenario.status, { 'content-type': 'text/html' }).end(`<html><body>Error ${scenario.status}</body></html>`);
      return;
    }
    res.setHeader('content-type', 'text/xml; charset=UTF-8');
    if (scenario.kind === 'fault') {
      res.statusCode = 500;
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${SOAP_ENVELOPE_NS}"><env:Body><env:Fault>` +
          `<faultcode>env:${scenario.side}</faultcode><faultstring>${escapeXml(`Codigo[${scenario.code}].${scenario.message}`)}</faultstring>` +
          '</env:Fault></env:Body></env:Envelope>',
      );
      return;
    }
    if (scenario.kind === 'answer-lost') {
      this.answer(request, undefined, this.waitSeconds);
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>');
      return;
    }
    res.end(this.answer(request, scenario.line, scenario.waitSeconds ?? this.waitSeconds));
  }

  private answer(request: StandInRequest, decide: ((record: StandInRecord, index: number) => StandInLineOutcome | undefined) | undefined, waitSeconds: number): string {
    const requestId = `${++this.submissions}`.padStart(20, '0').slice(-20);
    const lines = request.records.map((record, index) => {
      const key = JSON.stringify([record.issuerTaxId, record.fullNumber, record.issueDate, record.operation]);
      const earlier = this.registered.get(key);
      let outcome: StandInLineOutcome;
      let duplicate = '';
      if (earlier) {
        outcome = { state: 'Incorrecto', code: '3000', description: 'Registro de facturación duplicado.' };
        duplicate =
          '<tikR:RegistroDuplicado>' +
          `<tik:IdPeticionRegistroDuplicado>${earlier.requestId}</tik:IdPeticionRegistroDuplicado>` +
          `<tik:EstadoRegistroDuplicado>${earlier.state}</tik:EstadoRegistroDuplicado>` +
          '</tikR:RegistroDuplicado>';
      } else {
        outcome =
          decide?.(record, index) ??
          (textAt(record.xml, 'Huella') === fingerprintOfRecordXml(record.xml)
            ? { state: 'Correcto' }
            : { state: 'AceptadoConErrores', code: '2000', description: 'El cálculo de la huella suministrada es incorrecta.' });
        if (outcome.state !== 'Incorrecto') {
          this.registered.set(key, { state: outcome.state === 'Correcto' ? 'Correcta' : 'AceptadaConErrores', requestId });
        }
      }
      return (
        '<tikR:RespuestaLinea><tikR:IDFactura>' +
        `<tik:IDEmisorFactura>${escapeXml(record.issuerTaxId)}</tik:IDEmisorFactura>` +
        `<tik:NumSerieFactura>${escapeXml(record.fullNumber)}</tik:NumSerieFactura>` +
        `<tik:FechaExpedicionFactura>${escapeXml(record.issueDate)}</tik:FechaExpedicionFactura>` +
        `</tikR:IDFactura><tikR:Operacion><tik:TipoOperacion>${record.operation}</tik:TipoOperacion></tikR:Operacion>` +
        `<tikR:EstadoRegistro>${outcome.state}</tikR:EstadoRegistro>` +
        (outcome.state === 'Correcto'
          ? ''
          : `<tikR:CodigoErrorRegistro>${escapeXml(outcome.code)}</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>${escapeXml(outcome.description)}</tikR:DescripcionErrorRegistro>`) +
        duplicate +
        '</tikR:RespuestaLinea>'
      );
    });
    const states = lines.map((l) => /<tikR:EstadoRegistro>(\w+)</.exec(l)![1]);
    const rejected = states.filter((s) => s === 'Incorrecto').length;
    const submissionState = rejected === 0 ? 'Correcto' : rejected === states.length ? 'Incorrecto' : 'ParcialmenteCorrecto';
    const accepted = rejected < states.length;
    return (
      '<?xml version="1.0" encoding="UTF-8"?>' +
      `<env:Envelope xmlns:env="${SOAP_ENVELOPE_NS}"><env:Header/><env:Body Id="Body">` +
      `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${RESPUESTA_SUMINISTRO_NS}" xmlns:tik="${SUMINISTRO_INFORMACION_NS}">` +
      (accepted ? `<tikR:CSV>A-STANDIN${requestId.slice(-8)}</tikR:CSV>` : '') +
      (accepted
        ? `<tikR:DatosPresentacion><tik:NIFPresentador>${escapeXml(request.issuerTaxId ?? '')}</tik:NIFPresentador><tik:TimestampPresentacion>${new Date().toISOString()}</tik:TimestampPresentacion></tikR:DatosPresentacion>`
        : '') +
      `<tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>${escapeXml(request.issuerName ?? '')}</tik:NombreRazon><tik:NIF>${escapeXml(request.issuerTaxId ?? '')}</tik:NIF></tik:ObligadoEmision></tikR:Cabecera>` +
      `<tikR:TiempoEsperaEnvio>${waitSeconds}</tikR:TiempoEsperaEnvio>` +
      `<tikR:EstadoEnvio>${submissionState}</tikR:EstadoEnvio>` +
      lines.join('') +
      '</tikR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>'
    );
  }
}
