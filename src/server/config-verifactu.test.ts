import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { createVerifactuSender, verifactuSystemInfo } from './platform/verifactu/create-verifactu-sender';
import { createTestCertificates, type TestCertificates } from './testing/test-certificates';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'regalo-config-'));

function issuesOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  return [];
}

let certificates: TestCertificates;
beforeAll(() => {
  certificates = createTestCertificates();
});

describe('VERI*FACTU settings', () => {
  it('send nothing by default', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.verifactu).toEqual({ driver: 'off' });
    const sender = createVerifactuSender(config);
    expect(sender.driver).toBe('off');
  });

  it('refuse a sending driver without a certificate, with a message that says what to set', () => {
    expect(issuesOf({ VERIFACTU_DRIVER: 'aeat' })).toEqual([
      "VERIFACTU_DRIVER=aeat needs VERIFACTU_CERT_FILE (the operator's PKCS#12 certificate, .p12 or .pfx) and VERIFACTU_CERT_PASSWORD",
    ]);
    expect(issuesOf({ VERIFACTU_DRIVER: 'aeat-test', VERIFACTU_CERT_FILE: certificates.clientP12File })).toEqual([
      'VERIFACTU_DRIVER=aeat-test needs VERIFACTU_CERT_PASSWORD (the password of VERIFACTU_CERT_FILE)',
    ]);
    expect(issuesOf({ VERIFACTU_DRIVER: 'aeat-test', VERIFACTU_CERT_FILE: '/nonexistent/cert.p12', VERIFACTU_CERT_PASSWORD: 'x' })).toEqual([
      'VERIFACTU_CERT_FILE cannot be read (ENOENT): /nonexistent/cert.p12',
    ]);
  });

  it('refuse a certificate its password does not open, or a file that is not PKCS#12', () => {
    expect(issuesOf({ VERIFACTU_DRIVER: 'aeat', VERIFACTU_CERT_FILE: certificates.clientP12File, VERIFACTU_CERT_PASSWORD: 'wrong' })).toEqual([
      'VERIFACTU_CERT_PASSWORD does not open VERIFACTU_CERT_FILE',
    ]);
    const [pemIssue] = issuesOf({ VERIFACTU_DRIVER: 'aeat', VERIFACTU_CERT_FILE: path.join(certificates.dir, 'client.pem'), VERIFACTU_CERT_PASSWORD: 'x' });
    expect(pemIssue).toMatch(/^VERIFACTU_CERT_FILE is not a PKCS#12 certificate with its private key/);
  });

  it('refuse an address that is not https and a missing CA file', () => {
    const base = { VERIFACTU_DRIVER: 'aeat-test', VERIFACTU_CERT_FILE: certificates.clientP12File, VERIFACTU_CERT_PASSWORD: certificates.clientP12Password };
    expect(issuesOf({ ...base, VERIFACTU_URL: 'http://127.0.0.1/VerifactuSOAP' })).toEqual(['VERIFACTU_URL: must be an https:// address']);
    expect(issuesOf({ ...base, VERIFACTU_CA_FILE: '/nonexistent/ca.pem' })).toEqual(['VERIFACTU_CA_FILE does not exist: /nonexistent/ca.pem']);
  });

  it('build the AEAT driver from a certificate that opens', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PUBLIC_URL: 'https://regalo.example',
      VERIFACTU_DRIVER: 'aeat-test',
      VERIFACTU_CERT_FILE: certificates.clientP12File,
      VERIFACTU_CERT_PASSWORD: certificates.clientP12Password,
    });
    expect(config.verifactu).toEqual({
      driver: 'aeat-test',
      certFile: certificates.clientP12File,
      certPassword: certificates.clientP12Password,
      url: undefined,
      caFile: undefined,
    });
    const sender = createVerifactuSender(config);
    expect(sender.driver).toBe('aeat-test');
    expect((sender as { url?: string }).url).toBe('https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP');
    sender.close();
    expect(verifactuSystemInfo(config)).toMatchObject({
      producerName: config.operator.name,
      producerTaxId: config.operator.taxId,
      name: 'Regalo',
      id: 'RG',
      installationNumber: 'regalo.example',
    });
  });
});
