import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const TEST_PASS_TYPE_ID = 'pass.test.regalo.wallet';
export const TEST_TEAM_ID = 'TEAM123456';
export const TEST_APNS_KEY_ID = 'APNSKEY123';
export const TEST_GOOGLE_ISSUER_ID = '3388000000012345678';

export interface WalletTestKeys {
  dir: string;
  /** PEM of the throwaway authority playing Apple's WWDR: `openssl smime -verify -CAfile` it. */
  caFile: string;
  /** The Google service account's public half, to verify the save link's JWT. */
  googlePublicPem: string;
  /** The APNs key's public half, to verify the pushes' JWT. */
  apnsPublicPem: string;
  /** The environment that turns both wallets on with these keys. */
  env: Record<string, string>;
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * A throwaway certificate authority and a pass type certificate it signed (RSA, as Apple's
 * are), an APNs token key (P-256) and a Google service account key, made with the machine's
 * openssl and node for one test run (ADR 107).
 */
export function createWalletTestKeys(): WalletTestKeys {
  const dir = mkdtempSync(path.join(tmpdir(), 'regalo-wallet-keys-'));
  const rsa = ['-newkey', 'rsa:2048', '-nodes'];
  openssl(dir, ['req', '-x509', ...rsa, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Regalo throwaway WWDR for tests']);
  openssl(dir, ['req', ...rsa, '-keyout', 'pass.key', '-out', 'pass.csr', '-subj', `/UID=${TEST_PASS_TYPE_ID}/CN=Pass Type ID: ${TEST_PASS_TYPE_ID}/OU=${TEST_TEAM_ID}`]);
  openssl(dir, ['x509', '-req', '-in', 'pass.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'pass.pem', '-days', '2']);
  const apns = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  writeFileSync(path.join(dir, 'apns.p8'), apns.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = 'wallet@regalo-test.iam.gserviceaccount.test';
  writeFileSync(
    path.join(dir, 'google.json'),
    JSON.stringify({ type: 'service_account', client_email: clientEmail, private_key: google.privateKey.export({ type: 'pkcs8', format: 'pem' }) }),
  );
  return {
    dir,
    caFile: path.join(dir, 'ca.pem'),
    googlePublicPem: google.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    apnsPublicPem: apns.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    env: {
      APPLE_WALLET_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
      APPLE_WALLET_TEAM_ID: TEST_TEAM_ID,
      APPLE_WALLET_CERT_FILE: path.join(dir, 'pass.pem'),
      APPLE_WALLET_KEY_FILE: path.join(dir, 'pass.key'),
      APPLE_WALLET_WWDR_FILE: path.join(dir, 'ca.pem'),
      APPLE_WALLET_APNS_KEY_FILE: path.join(dir, 'apns.p8'),
      APPLE_WALLET_APNS_KEY_ID: TEST_APNS_KEY_ID,
      GOOGLE_WALLET_ISSUER_ID: TEST_GOOGLE_ISSUER_ID,
      GOOGLE_WALLET_KEY_FILE: path.join(dir, 'google.json'),
    },
  };
}
