import { describe, expect, it } from 'vitest';
import { fingerprintOfRecordXml, recordSchemaProblem } from '../../testing/aeat-stand-in';
import { testInvoice, testRecordAfter, testRecordChain, TEST_ISSUER } from '../../testing/verifactu-records';
import { aeatAmount, aeatDate, aeatRate, isoDateFromAeat } from './aeat-formats';
import {
  buildRegFactuRequest,
  SUMINISTRO_INFORMACION_NS,
  SUMINISTRO_LR_NS,
  VerifactuRecordInvalidError,
  verifactuRecordProblems,
  type VerifactuSystemInfo,
} from './build-verifactu-request';
import { childOf, childrenOf, parseXml, textAt, type XmlElement } from './minimal-xml';
import type { VerifactuRecordToSend } from './verifactu-sender';

const system: VerifactuSystemInfo = {
  producerName: 'Regalo Pruebas SL',
  producerTaxId: 'B12345674',
  name: 'Regalo',
  id: 'RG',
  version: '0.1.0',
};

function recordsOf(xml: string): XmlElement[] {
  const regFactu = childOf(childOf(parseXml(xml), 'Body'), 'RegFactuSistemaFacturacion');
  return childrenOf(regFactu, 'RegistroFactura').map((item) => item.children[0]!);
}

describe('AEAT formats', () => {
  it.each([
    [1235, '12.35'],
    [12345, '123.45'],
    [100, '1.00'],
    [5, '0.05'],
    [0, '0.00'],
    [-420, '-4.20'],
    [-5, '-0.05'],
    [99_999_999_999_999, '999999999999.99'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(aeatAmount(cents)).toBe(text);
    expect(text).toMatch(/^(\+|-)?\d{1,12}(\.\d{0,2})?$/);
  });

  it('refuses amounts that are not integer cents or exceed 12 digits', () => {
    expect(() => aeatAmount(1.5)).toThrow(RangeError);
    expect(() => aeatAmount(100_000_000_000_000)).toThrow(RangeError);
  });

  it('writes rates and dates as the schema spells them', () => {
    expect(aeatRate(2100)).toBe('21.00');
    expect(aeatRate(550)).toBe('5.50');
    expect(aeatRate(0)).toBe('0.00');
    expect(aeatDate('2024-01-01')).toBe('01-01-2024');
    expect(isoDateFromAeat('31-12-2027')).toBe('2027-12-31');
    expect(() => aeatDate('1/1/2024')).toThrow(RangeError);
  });
});

describe('buildRegFactuRequest', () => {
  it('carries exactly the strings of the AEAT published fingerprint examples', () => {
    // Orden HAC/1177/2024's examples (ADR 061): the XML's fields, hashed as the AEAT does,
    // must give the AEAT's Huella, so amounts and dates are written as they were hashed.
    const issuer = { name: 'Empresa de ejemplo SL', taxId: '89890001K', address: 'Calle Ejemplo 1, Madrid' };
    const example = (fullNumber: string) => testInvoice(1, { issuer, fullNumber, issueDate: '2024-01-01', period: '2023-12', baseCents: 11110, vatCents: 1235, totalCents: 12345 });
    const first: VerifactuRecordToSend = {
      id: 'a',
      kind: 'alta',
      invoice: example('12345678/G33'),
      generatedAt: '2024-01-01T19:20:30+01:00',
      installationNumber: 'regalo.example',
      fingerprint: '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
    };
    const second: VerifactuRecordToSend = {
      id: 'b',
      kind: 'alta',
      invoice: example('12345679/G34'),
      generatedAt: '2024-01-01T19:20:35+01:00',
      installationNumber: 'regalo.example',
      fingerprint: 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97',
      previous: { issuerTaxId: '89890001K', fullNumber: '12345678/G33', issueDate: '2024-01-01', fingerprint: first.fingerprint },
    };
    const [a, b] = recordsOf(buildRegFactuRequest([first, second], system));
    expect(textAt(a, 'CuotaTotal')).toBe('12.35');
    expect(textAt(a, 'ImporteTotal')).toBe('123.45');
    expect(fingerprintOfRecordXml(a!)).toBe(first.fingerprint);
    expect(textAt(a, 'Huella')).toBe(first.fingerprint);
    expect(fingerprintOfRecordXml(b!)).toBe(second.fingerprint);
  });

  it('writes a SOAP request with the Cabecera and one RegistroAlta per invoice, in the schema order', () => {
    const records = testRecordChain(3);
    const xml = buildRegFactuRequest(records, system);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const envelope = parseXml(xml);
    expect(envelope.attributes['xmlns:sum']).toBe(SUMINISTRO_LR_NS);
    expect(envelope.attributes['xmlns:sum1']).toBe(SUMINISTRO_INFORMACION_NS);
    const regFactu = childOf(childOf(envelope, 'Body'), 'RegFactuSistemaFacturacion')!;
    expect(regFactu.prefix).toBe('sum');
    expect(textAt(regFactu, 'Cabecera', 'ObligadoEmision', 'NombreRazon')).toBe(TEST_ISSUER.name);
    expect(textAt(regFactu, 'Cabecera', 'ObligadoEmision', 'NIF')).toBe(TEST_ISSUER.taxId);

    const altas = recordsOf(xml);
    expect(altas.map((a) => a.name)).toEqual(['RegistroAlta', 'RegistroAlta', 'RegistroAlta']);
    for (const alta of altas) expect(recordSchemaProblem(alta)).toBeUndefined();
    const first = altas[0]!;
    const invoice = records[0]!.invoice;
    expect(first.children.map((c) => c.name)).toEqual([
      'IDVersion', 'IDFactura', 'NombreRazonEmisor', 'TipoFactura', 'FechaOperacion', 'DescripcionOperacion', 'Destinatarios',
      'Desglose', 'CuotaTotal', 'ImporteTotal', 'Encadenamiento', 'SistemaInformatico', 'FechaHoraHusoGenRegistro', 'TipoHuella', 'Huella',
    ]);
    expect(textAt(first, 'IDVersion')).toBe('1.0');
    expect(textAt(first, 'IDFactura', 'NumSerieFactura')).toBe('R2027-000001');
    expect(textAt(first, 'IDFactura', 'FechaExpedicionFactura')).toBe('01-02-2027');
    expect(textAt(first, 'TipoFactura')).toBe('F1');
    // The commission was earned over January: the operation date is the month's last day.
    expect(textAt(first, 'FechaOperacion')).toBe('31-01-2027');
    expect(textAt(first, 'DescripcionOperacion')).toBe('Comisión por la intermediación en la venta de regalos, periodo 01/2027');
    expect(textAt(first, 'Destinatarios', 'IDDestinatario', 'NombreRazon')).toBe(invoice.recipient.name);
    expect(textAt(first, 'Destinatarios', 'IDDestinatario', 'NIF')).toBe('B98765438');
    const detail = childOf(childOf(first, 'Desglose'), 'DetalleDesglose')!;
    expect(detail.children.map((c) => [c.name, c.text])).toEqual([
      ['Impuesto', '01'],
      ['ClaveRegimen', '01'],
      ['CalificacionOperacion', 'S1'],
      ['TipoImpositivo', '21.00'],
      ['BaseImponibleOimporteNoSujeto', '10.01'],
      ['CuotaRepercutida', '2.10'],
    ]);
    expect(textAt(first, 'CuotaTotal')).toBe('2.10');
    expect(textAt(first, 'ImporteTotal')).toBe('12.11');
    expect(textAt(first, 'Encadenamiento', 'PrimerRegistro')).toBe('S');
    expect(childOf(first, 'SistemaInformatico')!.children.map((c) => [c.name, c.text])).toEqual([
      ['NombreRazon', 'Regalo Pruebas SL'],
      ['NIF', 'B12345674'],
      ['NombreSistemaInformatico', 'Regalo'],
      ['IdSistemaInformatico', 'RG'],
      ['Version', '0.1.0'],
      ['NumeroInstalacion', 'regalo.test'],
      ['TipoUsoPosibleSoloVerifactu', 'S'],
      ['TipoUsoPosibleMultiOT', 'N'],
      ['IndicadorMultiplesOT', 'N'],
    ]);
    expect(textAt(first, 'FechaHoraHusoGenRegistro')).toBe(records[0]!.generatedAt);
    expect(textAt(first, 'TipoHuella')).toBe('01');
    expect(textAt(first, 'Huella')).toBe(records[0]!.fingerprint);

    const second = altas[1]!;
    expect(childOf(childOf(second, 'Encadenamiento'), 'RegistroAnterior')!.children.map((c) => [c.name, c.text])).toEqual([
      ['IDEmisorFactura', 'B12345674'],
      ['NumSerieFactura', 'R2027-000001'],
      ['FechaExpedicionFactura', '01-02-2027'],
      ['Huella', records[0]!.fingerprint],
    ]);
    for (const alta of altas) expect(fingerprintOfRecordXml(alta)).toBe(textAt(alta, 'Huella'));
  });

  it('writes a rectifying invoice by differences naming the invoice it corrects', () => {
    const [original] = testRecordChain(1);
    const r1 = testRecordAfter(original, {
      id: 'r1',
      kind: 'alta',
      generatedAt: '2027-03-01T00:05:00+01:00',
      invoice: testInvoice(2, {
        type: 'R1',
        fullNumber: 'R2027-000002',
        issueDate: '2027-03-01',
        period: '2027-01',
        baseCents: -1000,
        vatCents: -210,
        totalCents: -1210,
        corrects: { fullNumber: original!.invoice.fullNumber, issueDate: original!.invoice.issueDate },
      }),
    });
    const [alta] = recordsOf(buildRegFactuRequest([r1], system));
    expect(recordSchemaProblem(alta!)).toBeUndefined();
    expect(textAt(alta, 'TipoFactura')).toBe('R1');
    expect(textAt(alta, 'TipoRectificativa')).toBe('I');
    expect(childOf(childOf(alta, 'FacturasRectificadas'), 'IDFacturaRectificada')!.children.map((c) => [c.name, c.text])).toEqual([
      ['IDEmisorFactura', 'B12345674'],
      ['NumSerieFactura', 'R2027-000001'],
      ['FechaExpedicionFactura', '01-02-2027'],
    ]);
    expect(textAt(alta, 'DescripcionOperacion')).toBe('Rectificación por diferencias de la factura R2027-000001: Comisión por la intermediación en la venta de regalos, periodo 01/2027');
    expect(textAt(alta, 'Desglose', 'DetalleDesglose', 'BaseImponibleOimporteNoSujeto')).toBe('-10.00');
    expect(textAt(alta, 'CuotaTotal')).toBe('-2.10');
    expect(textAt(alta, 'ImporteTotal')).toBe('-12.10');
    expect(fingerprintOfRecordXml(alta!)).toBe(r1.fingerprint);
  });

  it('writes a rectifying invoice by substitution: TipoRectificativa S, every invoice it replaces, what they charged and the full new amounts', () => {
    const [original, correction] = testRecordChain(2);
    const replaced = [original!.invoice, { ...correction!.invoice, type: 'R1' as const, baseCents: -500, vatCents: -105, totalCents: -605 }];
    const substitute = testRecordAfter(correction, {
      id: 's1',
      kind: 'alta',
      generatedAt: '2027-03-02T10:00:00+01:00',
      invoice: testInvoice(3, {
        type: 'R1',
        series: 'RR2027',
        fullNumber: 'RR2027-000001',
        issueDate: '2027-03-02',
        recipient: { name: 'Floristería Nueva SL', taxId: 'B87654321', address: 'Carrer de Cuba 3, 46006 València' },
        baseCents: 501,
        vatCents: 105,
        totalCents: 606,
        corrects: { fullNumber: original!.invoice.fullNumber, issueDate: original!.invoice.issueDate },
        substitutes: {
          reason: 'recipient',
          invoices: replaced.map((i) => ({ fullNumber: i.fullNumber, issueDate: i.issueDate, baseCents: i.baseCents, vatCents: i.vatCents, recipient: i.recipient })),
        },
      }),
    });
    const [alta] = recordsOf(buildRegFactuRequest([substitute], system));
    expect(recordSchemaProblem(alta!)).toBeUndefined();
    expect(alta!.children.map((c) => c.name)).toEqual([
      'IDVersion', 'IDFactura', 'NombreRazonEmisor', 'TipoFactura', 'TipoRectificativa', 'FacturasRectificadas', 'ImporteRectificacion', 'FechaOperacion',
      'DescripcionOperacion', 'Destinatarios', 'Desglose', 'CuotaTotal', 'ImporteTotal', 'Encadenamiento', 'SistemaInformatico', 'FechaHoraHusoGenRegistro',
      'TipoHuella', 'Huella',
    ]);
    expect(textAt(alta, 'TipoFactura')).toBe('R1');
    expect(textAt(alta, 'TipoRectificativa')).toBe('S');
    expect(childrenOf(childOf(alta, 'FacturasRectificadas')!, 'IDFacturaRectificada').map((id) => id.children.map((c) => c.text))).toEqual([
      ['B12345674', 'R2027-000001', '01-02-2027'],
      ['B12345674', 'R2027-000002', '01-02-2027'],
    ]);
    // What the replaced invoices charged, summed: 10.01 − 5.00 and 2.10 − 1.05.
    expect(childOf(alta, 'ImporteRectificacion')!.children.map((c) => [c.name, c.text])).toEqual([
      ['BaseRectificada', '5.01'],
      ['CuotaRectificada', '1.05'],
    ]);
    expect(textAt(alta, 'DescripcionOperacion')).toBe(
      'Rectificación por sustitución de las facturas R2027-000001, R2027-000002 (corrección de los datos del destinatario): Comisión por la intermediación en la venta de regalos, periodo 01/2027',
    );
    // The full corrected invoice, with the new recipient.
    expect(textAt(alta, 'Destinatarios', 'IDDestinatario', 'NombreRazon')).toBe('Floristería Nueva SL');
    expect(textAt(alta, 'Destinatarios', 'IDDestinatario', 'NIF')).toBe('B87654321');
    expect(textAt(alta, 'Desglose', 'DetalleDesglose', 'BaseImponibleOimporteNoSujeto')).toBe('5.01');
    expect(textAt(alta, 'CuotaTotal')).toBe('1.05');
    expect(textAt(alta, 'ImporteTotal')).toBe('6.06');
    expect(textAt(alta, 'Encadenamiento', 'RegistroAnterior', 'Huella')).toBe(correction!.fingerprint);
    // The service recomputes an R1's Huella from the same fields as an F1's, and gets ours.
    expect(fingerprintOfRecordXml(alta!)).toBe(substitute.fingerprint);
  });

  it("holds the stand-in's schema rules for rectifying invoices, so a wrong record cannot pass", () => {
    const [original] = testRecordChain(1);
    const corrects = { fullNumber: original!.invoice.fullNumber, issueDate: original!.invoice.issueDate };
    const substitutes = { reason: 'recipient' as const, invoices: [{ ...corrects, baseCents: 1001, vatCents: 210, recipient: original!.invoice.recipient }] };
    const alta = (overrides: Partial<VerifactuRecordToSend['invoice']>) =>
      recordsOf(buildRegFactuRequest([testRecordAfter(original, { id: 'r', kind: 'alta', generatedAt: '2027-03-02T10:00:00+01:00', invoice: testInvoice(2, { type: 'R1', corrects, ...overrides }) })], system))[0]!;
    const without = (element: XmlElement, name: string): XmlElement => ({ ...element, children: element.children.filter((c) => c.name !== name) });
    const withText = (element: XmlElement, name: string, text: string): XmlElement => ({ ...element, children: element.children.map((c) => (c.name === name ? { ...c, text } : c)) });
    const bySubstitution = alta({ substitutes });
    expect(recordSchemaProblem(bySubstitution)).toBeUndefined();
    expect(recordSchemaProblem(without(bySubstitution, 'ImporteRectificacion'))).toBe('ImporteRectificacion obligatorio si TipoRectificativa es S');
    expect(recordSchemaProblem(without(bySubstitution, 'TipoRectificativa'))).toBe('TipoRectificativa obligatorio para TipoFactura R1');
    expect(recordSchemaProblem(withText(bySubstitution, 'TipoRectificativa', 'X'))).toBe('TipoRectificativa "X" no válido');
    const amounts = childOf(bySubstitution, 'ImporteRectificacion')!;
    const swapped = { ...bySubstitution, children: bySubstitution.children.map((c) => (c === amounts ? { ...amounts, children: [...amounts.children].reverse() } : c)) };
    expect(recordSchemaProblem(swapped)).toBe('elemento ImporteRectificacion/BaseRectificada fuera de orden');
    const unnamed = { ...bySubstitution, children: bySubstitution.children.map((c) => (c === amounts ? without(amounts, 'CuotaRectificada') : c)) };
    expect(recordSchemaProblem(unnamed)).toBe('falta el elemento ImporteRectificacion/CuotaRectificada');
    const byDifferences = alta({ baseCents: -100, vatCents: -21, totalCents: -121 });
    expect(recordSchemaProblem(byDifferences)).toBeUndefined();
    expect(recordSchemaProblem(withText(byDifferences, 'TipoRectificativa', 'S'))).toBe('ImporteRectificacion obligatorio si TipoRectificativa es S');
    expect(recordSchemaProblem(withText(bySubstitution, 'TipoRectificativa', 'I'))).toBe('ImporteRectificacion solo si TipoRectificativa es S');
    const [full] = recordsOf(buildRegFactuRequest(testRecordChain(1), system));
    const f1WithKind = { ...full!, children: [...full!.children.slice(0, 4), { name: 'TipoRectificativa', prefix: 'sum1', attributes: {}, children: [], text: 'S' }, ...full!.children.slice(4)] };
    expect(recordSchemaProblem(f1WithKind)).toBe('TipoRectificativa no permitido para TipoFactura F1');
  });

  it('writes a cancellation record', () => {
    const [original] = testRecordChain(1);
    const cancellation = testRecordAfter(original, { id: 'x', kind: 'anulacion', generatedAt: '2027-02-02T09:00:00+01:00', invoice: original!.invoice });
    const [anulacion] = recordsOf(buildRegFactuRequest([cancellation], system));
    expect(anulacion!.name).toBe('RegistroAnulacion');
    expect(recordSchemaProblem(anulacion!)).toBeUndefined();
    expect(anulacion!.children.map((c) => c.name)).toEqual([
      'IDVersion', 'IDFactura', 'Encadenamiento', 'SistemaInformatico', 'FechaHoraHusoGenRegistro', 'TipoHuella', 'Huella',
    ]);
    expect(childOf(anulacion, 'IDFactura')!.children.map((c) => [c.name, c.text])).toEqual([
      ['IDEmisorFacturaAnulada', 'B12345674'],
      ['NumSerieFacturaAnulada', 'R2027-000001'],
      ['FechaExpedicionFacturaAnulada', '01-02-2027'],
    ]);
    expect(textAt(anulacion, 'Encadenamiento', 'RegistroAnterior', 'Huella')).toBe(original!.fingerprint);
    expect(fingerprintOfRecordXml(anulacion!)).toBe(cancellation.fingerprint);
  });

  it('escapes names so any text travels intact', () => {
    const [record] = testRecordChain(1);
    record!.invoice.recipient.name = `Pastelería <"Dulce"> & 'Salada' SL`;
    record!.invoice.issuer = { ...record!.invoice.issuer, name: 'Regalo & Cía <SL>' };
    const xml = buildRegFactuRequest([record!], system);
    expect(xml).toContain('Pastelería &lt;&quot;Dulce&quot;&gt; &amp; &apos;Salada&apos; SL');
    const [alta] = recordsOf(xml);
    expect(textAt(alta, 'Destinatarios', 'IDDestinatario', 'NombreRazon')).toBe(`Pastelería <"Dulce"> & 'Salada' SL`);
    expect(textAt(alta, 'NombreRazonEmisor')).toBe('Regalo & Cía <SL>');
  });

  it('refuses more than 1,000 records, an empty request and mixed issuers', () => {
    const records = testRecordChain(1001);
    expect(() => buildRegFactuRequest(records, system)).toThrow(/at most 1000/);
    expect(buildRegFactuRequest(records.slice(0, 1000), system)).toContain('R2027-001000');
    expect(() => buildRegFactuRequest([], system)).toThrow(RangeError);
    const other = { ...records[1]!, invoice: { ...records[1]!.invoice, issuer: { ...TEST_ISSUER, taxId: '89890001K' } } };
    expect(() => buildRegFactuRequest([records[0]!, other], system)).toThrow(/same issuer/);
  });

  it('names everything that keeps a record out of the schema', () => {
    const [record] = testRecordChain(1);
    expect(verifactuRecordProblems(record!)).toEqual([]);
    const broken: VerifactuRecordToSend = {
      ...record!,
      fingerprint: 'abc',
      generatedAt: '2027-02-01T00:00:00',
      invoice: { ...record!.invoice, type: 'R1', recipient: { ...record!.invoice.recipient, taxId: 'ES123', name: 'x'.repeat(121) }, totalCents: 1 },
    };
    expect(verifactuRecordProblems(broken)).toEqual([
      'the fingerprint is not 64 upper-case hexadecimal characters',
      'generatedAt is not an ISO 8601 date-time with an offset',
      'the recipient name is longer than 120 characters',
      'the recipient tax id is not a 9-character NIF',
      'base plus VAT is not the total',
      'a rectifying invoice (R1) must name the invoice it corrects',
    ]);
    expect(() => buildRegFactuRequest([broken], system)).toThrow(VerifactuRecordInvalidError);
  });
});
