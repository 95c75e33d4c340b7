import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestCertificates {
  dir: string;
  /** PEM of the throwaway authority that signed the server's and the client's certificates. */
  caPem: string;
  serverKeyPem: string;
  serverCertPem: string;
  /** The client certificate the AEAT would have issued to the operator, as a .p12 file. */
  clientP12File: string;
  clientP12Password: string;
  /** The client certificate's subject common name (what the stand-in sees). */
  clientCommonName: string;
  /** A .p12 whose certificate no trusted authority signed (same password). */
  strangerP12File: string;
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * A throwaway certificate authority, a server certificate for 127.0.0.1 and client
 * certificates as PKCS#12 files, made with the machine's openssl for one test run: the
 * stand-in for the AEAT's service demands a client certificate, as the service does.
 */
export function createTestCertificates(clientCommonName = 'B12345674 REGALO PRUEBAS SL'): TestCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'regalo-certs-'));
  const password = 'p12-test-password';
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(dir, ['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Regalo throwaway test CA']);
  writeFileSync(path.join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  writeFileSync(path.join(dir, 'client.ext'), 'extendedKeyUsage=clientAuth\n');
  const issue = (name: string, subject: string) => {
    openssl(dir, ['req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject]);
    openssl(dir, ['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.pem`, '-days', '2', '-extfile', `${name}.ext`]);
  };
  issue('server', '/CN=127.0.0.1');
  issue('client', `/CN=${clientCommonName}`);
  openssl(dir, ['pkcs12', '-export', '-inkey', 'client.key', '-in', 'client.pem', '-certfile', 'ca.pem', '-out', 'client.p12', '-passout', `pass:${password}`]);
  openssl(dir, ['req', '-x509', ...ec, '-keyout', 'stranger.key', '-out', 'stranger.pem', '-days', '2', '-subj', '/CN=Not signed by the CA']);
  openssl(dir, ['pkcs12', '-export', '-inkey', 'stranger.key', '-in', 'stranger.pem', '-out', 'stranger.p12', '-passout', `pass:${password}`]);
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  return {
    dir,
    caPem: read('ca.pem'),
    serverKeyPem: read('server.key'),
    serverCertPem: read('server.pem'),
    clientP12File: path.join(dir, 'client.p12'),
    clientP12Password: password,
    clientCommonName,
    strangerP12File: path.join(dir, 'stranger.p12'),
  };
}
