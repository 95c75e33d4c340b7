import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/** The demo's stand-ins for what Apple and Google issue to an operator (ADR 107). */
export interface ThrowawayWalletKeys {
  apple: { passTypeId: string; teamId: string; signerCertPem: string; signerKeyPem: string; wwdrPem: string };
  google: { issuerId: string; clientEmail: string; privateKeyPem: string };
}

const DEMO_PASS_TYPE_ID = 'pass.test.regalo.demo';
const DEMO_TEAM_ID = 'DEMO000000';

function rsaKeys() {
  // node's key generation: node-forge's pure JavaScript one takes seconds.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

function certificate(options: {
  subject: forge.pki.CertificateField[];
  issuer: forge.pki.CertificateField[];
  publicPem: string;
  signerKeyPem: string;
  isCa: boolean;
}): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(options.publicPem);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 5 * 365 * 24 * 3600_000);
  cert.setSubject(options.subject);
  cert.setIssuer(options.issuer);
  cert.setExtensions([
    { name: 'basicConstraints', cA: options.isCa },
    { name: 'keyUsage', keyCertSign: options.isCa, cRLSign: options.isCa, digitalSignature: !options.isCa },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(options.signerKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/**
 * A certificate authority playing Apple's WWDR, a pass type certificate it signed, and an RSA
 * key playing a Google service account's, all made here and now. Passes signed so are
 * labelled demo passes: no phone trusts this authority.
 */
export function createThrowawayWalletKeys(): ThrowawayWalletKeys {
  const ca = rsaKeys();
  const caName = [
    { name: 'commonName', value: 'Regalo demo WWDR (not Apple)' },
    { name: 'organizationName', value: 'Regalo demo' },
  ];
  const wwdrPem = certificate({ subject: caName, issuer: caName, publicPem: ca.publicPem, signerKeyPem: ca.privatePem, isCa: true });
  const signer = rsaKeys();
  const signerCertPem = certificate({
    subject: [
      { name: 'commonName', value: `Pass Type ID: ${DEMO_PASS_TYPE_ID}` },
      { type: '0.9.2342.19200300.100.1.1', value: DEMO_PASS_TYPE_ID },
      { name: 'organizationalUnitName', value: DEMO_TEAM_ID },
      { name: 'organizationName', value: 'Regalo demo' },
    ],
    issuer: caName,
    publicPem: signer.publicPem,
    signerKeyPem: ca.privatePem,
    isCa: false,
  });
  const google = rsaKeys();
  return {
    apple: { passTypeId: DEMO_PASS_TYPE_ID, teamId: DEMO_TEAM_ID, signerCertPem, signerKeyPem: signer.privatePem, wwdrPem },
    google: { issuerId: '3388000000000000000', clientEmail: 'regalo-demo@regalo-demo.iam.gserviceaccount.test', privateKeyPem: google.privatePem },
  };
}
