import { describe, expect, it } from 'vitest';
import { testRecordAfter, testRecordChain } from '../../testing/verifactu-records';
import { RESPUESTA_SUMINISTRO_NS, SUMINISTRO_INFORMACION_NS } from './build-verifactu-request';
import { readVerifactuResponse, resultsForRecords, VerifactuProtocolError } from './read-verifactu-response';
import { VerifactuUnavailableError } from './verifactu-sender';

const records = testRecordChain(3);
const cancellation = testRecordAfter(records[2], { id: 'cancel-1', kind: 'anulacion', generatedAt: '2027-02-02T09:00:00+01:00', invoice: records[0]!.invoice });

function line(number: string, operation: 'Alta' | 'Anulacion', state: string, extra = '') {
  return (
    `<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>B12345674</tik:IDEmisorFactura><tik:NumSerieFactura>${number}</tik:NumSerieFactura>` +
    '<tik:FechaExpedicionFactura>01-02-2027</tik:FechaExpedicionFactura></tikR:IDFactura>' +
    `<tikR:Operacion><tik:TipoOperacion>${operation}</tik:TipoOperacion></tikR:Operacion><tikR:EstadoRegistro>${state}</tikR:EstadoRegistro>${extra}</tikR:RespuestaLinea>`
  );
}

/** An answer shaped as RespuestaSuministro.xsd lays it out, with the service's usual prefixes. */
function answer(state: string, lines: string[], wait = '60') {
  return `<?xml version="1.0" encoding="UTF-8"?>
<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/">
  <env:Header/>
  <env:Body Id="Body">
    <tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${RESPUESTA_SUMINISTRO_NS}" xmlns:tik="${SUMINISTRO_INFORMACION_NS}">
      <tikR:CSV>A-YCQFTGA9HQ8ZYS</tikR:CSV>
      <tikR:DatosPresentacion><tik:NIFPresentador>B12345674</tik:NIFPresentador><tik:TimestampPresentacion>2027-02-01T10:00:02+01:00</tik:TimestampPresentacion></tikR:DatosPresentacion>
      <tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>REGALO PRUEBAS SL</tik:NombreRazon><tik:NIF>B12345674</tik:NIF></tik:ObligadoEmision></tikR:Cabecera>
      <tikR:TiempoEsperaEnvio>${wait}</tikR:TiempoEsperaEnvio>
      <tikR:EstadoEnvio>${state}</tikR:EstadoEnvio>
      ${lines.join('\n      ')}
    </tikR:RespuestaRegFactuSistemaFacturacion>
  </env:Body>
</env:Envelope>`;
}

const error = (code: string, description: string) =>
  `<tikR:CodigoErrorRegistro>${code}</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>${description}</tikR:DescripcionErrorRegistro>`;

describe('reading the AEAT answer', () => {
  it('gives each record its outcome, the wait and the CSV, matching lines by invoice and operation', () => {
    const xml = answer('ParcialmenteCorrecto', [
      // Lines need not come in the order sent.
      line('R2027-000002', 'Alta', 'AceptadoConErrores', error('2000', 'El cálculo de la huella suministrada es incorrecta.')),
      line('R2027-000001', 'Alta', 'Correcto'),
      line('R2027-000003', 'Alta', 'Incorrecto', error('1100', 'Valor o tipo incorrecto del campo: NIF &amp; nombre &lt;Destinatario&gt;')),
      line('R2027-000001', 'Anulacion', 'Correcto'),
    ]);
    expect(resultsForRecords([...records, cancellation], readVerifactuResponse(xml))).toEqual({
      submissionState: 'ParcialmenteCorrecto',
      waitSeconds: 60,
      csv: 'A-YCQFTGA9HQ8ZYS',
      results: [
        { recordId: 'rec-1', outcome: 'accepted' },
        { recordId: 'rec-2', outcome: 'accepted_with_errors', code: '2000', description: 'El cálculo de la huella suministrada es incorrecta.' },
        { recordId: 'rec-3', outcome: 'rejected', code: '1100', description: 'Valor o tipo incorrecto del campo: NIF & nombre <Destinatario>' },
        { recordId: 'cancel-1', outcome: 'accepted' },
      ],
    });
  });

  it('takes a duplicate of an earlier, lost answer as the outcome that earlier request had', () => {
    const duplicate = (state: string, more = '') =>
      `<tikR:RegistroDuplicado><tik:IdPeticionRegistroDuplicado>202702011000001</tik:IdPeticionRegistroDuplicado><tik:EstadoRegistroDuplicado>${state}</tik:EstadoRegistroDuplicado>${more}</tikR:RegistroDuplicado>`;
    const xml = answer('Incorrecto', [
      line('R2027-000001', 'Alta', 'Incorrecto', error('3000', 'Registro de facturación duplicado.') + duplicate('Correcta')),
      line('R2027-000002', 'Alta', 'Incorrecto', error('3000', 'Registro de facturación duplicado.') + duplicate('AceptadaConErrores', '<tik:CodigoErrorRegistro>2000</tik:CodigoErrorRegistro><tik:DescripcionErrorRegistro>Huella incorrecta</tik:DescripcionErrorRegistro>')),
      line('R2027-000003', 'Alta', 'Incorrecto', error('3000', 'Registro de facturación duplicado.') + duplicate('Anulada')),
    ]);
    expect(resultsForRecords(records, readVerifactuResponse(xml)).results).toEqual([
      { recordId: 'rec-1', outcome: 'accepted' },
      { recordId: 'rec-2', outcome: 'accepted_with_errors', code: '2000', description: 'Huella incorrecta' },
      { recordId: 'rec-3', outcome: 'accepted' },
    ]);
  });

  it('rejects every record of a submission refused without lines', () => {
    const result = resultsForRecords(records.slice(0, 2), readVerifactuResponse(answer('Incorrecto', [], '0')));
    expect(result.waitSeconds).toBe(0);
    expect(result.results.map((r) => r.outcome)).toEqual(['rejected', 'rejected']);
    expect(result.results[0]).toMatchObject({ code: 'regalo:no-line' });
  });

  it('does not guess when an accepted submission leaves a record out', () => {
    const xml = answer('Correcto', [line('R2027-000001', 'Alta', 'Correcto')]);
    expect(() => resultsForRecords(records.slice(0, 2), readVerifactuResponse(xml))).toThrow(VerifactuProtocolError);
  });

  it('rejects the whole batch on a client fault with its number, and retries on a server fault', () => {
    const fault = (side: string, text: string) =>
      `<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault><faultcode>env:${side}</faultcode><faultstring>${text}</faultstring></env:Fault></env:Body></env:Envelope>`;
    const client = readVerifactuResponse(fault('Client', 'Codigo[4102].El XML no cumple el esquema. Falla la validación.'));
    expect(client).toEqual({ kind: 'fault', side: 'client', code: '4102', message: 'Codigo[4102].El XML no cumple el esquema. Falla la validación.' });
    expect(resultsForRecords(records.slice(0, 1), client).results).toEqual([
      { recordId: 'rec-1', outcome: 'rejected', code: '4102', description: 'Codigo[4102].El XML no cumple el esquema. Falla la validación.' },
    ]);
    const server = readVerifactuResponse(fault('Server', 'Codigo[100].Error técnico'));
    expect(() => resultsForRecords(records, server)).toThrow(VerifactuUnavailableError);
  });

  it.each([
    ['an HTML error page', '<html><body>Service unavailable</body></html>'],
    ['not XML at all', 'Service unavailable'],
    ['an answer without its element', '<env:Envelope xmlns:env="x"><env:Body><other/></env:Body></env:Envelope>'],
    ['an unknown submission state', answer('Regular', [])],
    ['a wait that is not seconds', answer('Correcto', [], 'soon')],
    ['a line with an unknown state', answer('Correcto', [line('R2027-000001', 'Alta', 'Quizás')])],
  ])('treats %s as no answer (the batch is retried)', (_label, xml) => {
    expect(() => readVerifactuResponse(xml)).toThrow(VerifactuProtocolError);
    expect(new VerifactuProtocolError('x')).toBeInstanceOf(VerifactuUnavailableError);
  });
});
