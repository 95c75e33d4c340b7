import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { describe, expect, it } from 'vitest';
import { TEST_SYSTEM_INFO as system, useAeatStandIn } from '../../testing/use-aeat-stand-in';
import { testRecordChain } from '../../testing/verifactu-records';
import { AEAT_VERIFACTU_URLS, createAeatVerifactuSender } from './aeat-verifactu-sender';
import { VerifactuUnavailableError } from './verifactu-sender';

const context = useAeatStandIn();
const sender = context.sender;

describe('the aeat drivers against a stand-in for the AEAT service', () => {
  it('post to the addresses published in the WSDL unless told otherwise', () => {
    const pfx = readFileSync(context.certificates.clientP12File);
    const production = createAeatVerifactuSender({ driver: 'aeat', pfx, passphrase: context.certificates.clientP12Password, system });
    const test = createAeatVerifactuSender({ driver: 'aeat-test', pfx, passphrase: context.certificates.clientP12Password, system });
    expect(production.url).toBe(AEAT_VERIFACTU_URLS.aeat);
    expect(production.url).toBe('https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP');
    expect(test.url).toBe('https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP');
    production.close();
    test.close();
    expect(() => createAeatVerifactuSender({ driver: 'aeat', url: 'http://127.0.0.1/x', pfx, passphrase: context.certificates.clientP12Password, system })).toThrow(/HTTPS/);
  });

  it('present the client certificate and get every record accepted, with the wait and the CSV', async () => {
    const records = testRecordChain(3);
    const answer = await sender().send(records);
    expect(answer.submissionState).toBe('Correcto');
    expect(answer.waitSeconds).toBe(60);
    expect(answer.csv).toMatch(/^A-STANDIN/);
    expect(answer.results).toEqual(records.map((r) => ({ recordId: r.id, outcome: 'accepted' })));
    const seen = context.standIn.requests.at(-1)!;
    expect(seen.clientCommonName).toBe(context.certificates.clientCommonName);
    expect(seen.contentType).toBe('text/xml; charset=utf-8');
    expect(seen.soapAction).toBe('""');
    expect(seen.issuerTaxId).toBe('B12345674');
    expect(seen.records.map((r) => r.fullNumber)).toEqual(['R2027-000001', 'R2027-000002', 'R2027-000003']);
  });

  it('are refused by the service without a certificate its authority signed', async () => {
    const before = context.standIn.requests.length;
    await expect(sender({ p12: context.certificates.strangerP12File }).send(testRecordChain(1))).rejects.toThrow(VerifactuUnavailableError);
    // And a client with no certificate at all does not get an HTTP exchange either.
    const bare = new Promise<void>((resolve, reject) => {
      const req = request(context.url, { method: 'POST', ca: context.certificates.caPem }, (res) => reject(new Error(`answered ${res.statusCode}`)));
      req.on('error', () => resolve());
      req.end('<x/>');
    });
    await bare;
    expect(context.standIn.requests.length).toBe(before);
  });

  it('store what the service says of each record: accepted with errors, rejected, accepted', async () => {
    const records = testRecordChain(3, { from: testRecordChain(10)[9] });
    context.standIn.scenarios.push({
      kind: 'answer',
      waitSeconds: 0,
      line: (_record, index) =>
        index === 0
          ? { state: 'AceptadoConErrores', code: '1104', description: 'El NIF del destinatario no está identificado.' }
          : index === 1
            ? { state: 'Incorrecto', code: '1100', description: 'Valor o tipo incorrecto del campo: FechaOperacion' }
            : undefined,
    });
    const answer = await sender().send(records);
    expect(answer.submissionState).toBe('ParcialmenteCorrecto');
    expect(answer.waitSeconds).toBe(0);
    expect(answer.results).toEqual([
      { recordId: 'rec-11', outcome: 'accepted_with_errors', code: '1104', description: 'El NIF del destinatario no está identificado.' },
      { recordId: 'rec-12', outcome: 'rejected', code: '1100', description: 'Valor o tipo incorrecto del campo: FechaOperacion' },
      { recordId: 'rec-13', outcome: 'accepted' },
    ]);
  });

  it('learn from the service that a fingerprint does not match its fields', async () => {
    const [record] = testRecordChain(1, { from: testRecordChain(20)[19] });
    const tampered = { ...record!, invoice: { ...record!.invoice, vatCents: record!.invoice.vatCents + 1, totalCents: record!.invoice.totalCents + 1 } };
    const answer = await sender().send([tampered]);
    expect(answer.results).toEqual([{ recordId: 'rec-21', outcome: 'accepted_with_errors', code: '2000', description: 'El cálculo de la huella suministrada es incorrecta.' }]);
  });

  it('get every record rejected when the service refuses them all', async () => {
    const records = testRecordChain(2, { from: testRecordChain(30)[29] });
    context.standIn.scenarios.push({ kind: 'answer', line: () => ({ state: 'Incorrecto', code: '4109', description: 'El formato del NIF es incorrecto.' }) });
    const answer = await sender().send(records);
    expect(answer.submissionState).toBe('Incorrecto');
    expect(answer.results.map((r) => r.outcome)).toEqual(['rejected', 'rejected']);
  });

  it('get the whole request rejected on a client fault', async () => {
    context.standIn.scenarios.push({ kind: 'fault', side: 'Client', code: '4102', message: 'El XML no cumple el esquema.' });
    const answer = await sender().send(testRecordChain(2, { from: testRecordChain(40)[39] }));
    expect(answer.results).toEqual([
      { recordId: 'rec-41', outcome: 'rejected', code: '4102', description: 'Codigo[4102].El XML no cumple el esquema.' },
      { recordId: 'rec-42', outcome: 'rejected', code: '4102', description: 'Codigo[4102].El XML no cumple el esquema.' },
    ]);
  });

  it.each([
    ['an HTTP 503', { kind: 'http-error', status: 503 } as const, /HTTP 503/],
    ['a server fault', { kind: 'fault', side: 'Server', code: '100', message: 'Error técnico.' } as const, /failed: 100/],
  ])('throw VerifactuUnavailableError on %s', async (_label, scenario, message) => {
    context.standIn.scenarios.push(scenario);
    await expect(sender().send(testRecordChain(1))).rejects.toThrow(message);
  });

  it('give up waiting after the timeout', async () => {
    context.standIn.scenarios.push({ kind: 'hang' });
    const started = Date.now();
    const error = await sender({ timeoutMs: 300 }).send(testRecordChain(1)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VerifactuUnavailableError);
    expect((error as Error).message).toMatch(/no answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
