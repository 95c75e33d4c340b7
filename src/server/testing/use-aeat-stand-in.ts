import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createAeatVerifactuSender, type AeatVerifactuSender } from '../platform/verifactu/aeat-verifactu-sender';
import type { VerifactuSystemInfo } from '../platform/verifactu/build-verifactu-request';
import { AeatStandIn } from './aeat-stand-in';
import { createTestCertificates, type TestCertificates } from './test-certificates';

export const TEST_SYSTEM_INFO: VerifactuSystemInfo = {
  producerName: 'Regalo Pruebas SL',
  producerTaxId: 'B12345674',
  name: 'Regalo',
  id: 'RG',
  version: '0.1.0',
};

export interface AeatStandInContext {
  certificates: TestCertificates;
  standIn: AeatStandIn;
  url: string;
  /** An `aeat-test` driver pointed at the stand-in, presenting the client certificate (or `p12`). */
  sender(options?: { p12?: string; timeoutMs?: number }): AeatVerifactuSender;
}

/**
 * One stand-in for the AEAT's service per test file: certificates made once, requests,
 * scenarios and registered records forgotten after each test, senders closed.
 */
export function useAeatStandIn(): AeatStandInContext {
  const senders: AeatVerifactuSender[] = [];
  const context = {
    sender(options: { p12?: string; timeoutMs?: number } = {}) {
      const created = createAeatVerifactuSender({
        driver: 'aeat-test',
        url: context.url,
        pfx: readFileSync(options.p12 ?? context.certificates.clientP12File),
        passphrase: context.certificates.clientP12Password,
        ca: context.certificates.caPem,
        system: TEST_SYSTEM_INFO,
        timeoutMs: options.timeoutMs,
      });
      senders.push(created);
      return created;
    },
  } as AeatStandInContext;
  beforeAll(async () => {
    context.certificates = createTestCertificates();
    context.standIn = new AeatStandIn(context.certificates);
    context.url = await context.standIn.start();
  });
  afterEach(() => {
    context.standIn.reset();
    for (const sender of senders.splice(0)) sender.close();
  });
  afterAll(() => context.standIn.stop());
  return context;
}
