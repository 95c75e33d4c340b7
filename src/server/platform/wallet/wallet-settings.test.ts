import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from '../../config';
import { productionOperatorEnv } from '../../testing/operator-env';
import { createWalletTestKeys } from '../../testing/wallet-test-keys';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'regalo-wallet-config-'));
const issuesOf = (env: Record<string, string>) => {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
};
const production = { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'test', PAYMENTS_ALLOW_TEST: 'true', ...productionOperatorEnv };

describe('the wallet settings (ADR 107)', () => {
  it('are off by default: no wallet, so no button', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).wallet).toEqual({});
  });

  it('turn a wallet on only when whole, and refuse one set halfway', () => {
    const keys = createWalletTestKeys();
    const config = loadConfig({ DATA_DIR: dataDir(), ...keys.env });
    expect(config.wallet.apple).toMatchObject({ passTypeId: 'pass.test.regalo.wallet', teamId: 'TEAM123456', demo: false });
    expect(config.wallet.apple!.signerCertPem).toContain('BEGIN CERTIFICATE');
    expect(config.wallet.apple!.apns).toMatchObject({ keyId: 'APNSKEY123', url: 'https://api.push.apple.com' });
    expect(config.wallet.google).toMatchObject({ issuerId: '3388000000012345678', clientEmail: 'wallet@regalo-test.iam.gserviceaccount.test' });

    expect(issuesOf({ APPLE_WALLET_PASS_TYPE_ID: 'pass.x', APPLE_WALLET_CERT_FILE: keys.env.APPLE_WALLET_CERT_FILE! })).toEqual([
      'Apple Wallet needs APPLE_WALLET_PASS_TYPE_ID, APPLE_WALLET_TEAM_ID, APPLE_WALLET_CERT_FILE, APPLE_WALLET_KEY_FILE, APPLE_WALLET_WWDR_FILE together (missing: APPLE_WALLET_TEAM_ID, APPLE_WALLET_KEY_FILE, APPLE_WALLET_WWDR_FILE)',
    ]);
    expect(issuesOf({ GOOGLE_WALLET_ISSUER_ID: '1' })).toEqual(['GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_KEY_FILE must be set together']);
    expect(issuesOf({ GOOGLE_WALLET_ISSUER_ID: '1', GOOGLE_WALLET_KEY_FILE: keys.env.APPLE_WALLET_CERT_FILE! })).toEqual(['GOOGLE_WALLET_KEY_FILE is not a service account key (JSON)']);
    expect(issuesOf({ ...keys.env, APPLE_WALLET_WWDR_FILE: '/nowhere/wwdr.pem' })).toEqual([expect.stringMatching(/^APPLE_WALLET_WWDR_FILE cannot be read \(ENOENT\)/)]);
  });

  it('warn a production operator about each wallet left off, and Apple without its push key', () => {
    const warnings = configWarnings(loadConfig({ DATA_DIR: dataDir(), ...production })).filter((w) => w.includes('ADR 107'));
    expect(warnings).toEqual([expect.stringMatching(/^Apple Wallet is off/), expect.stringMatching(/^Google Wallet is off/)]);
    const { APPLE_WALLET_APNS_KEY_FILE: _file, APPLE_WALLET_APNS_KEY_ID: _id, ...withoutApns } = createWalletTestKeys().env;
    expect(configWarnings(loadConfig({ DATA_DIR: dataDir(), ...production, ...withoutApns })).filter((w) => w.includes('ADR 107'))).toEqual([
      expect.stringMatching(/^APPLE_WALLET_APNS_KEY_FILE is not set/),
    ]);
    expect(configWarnings(loadConfig({ DATA_DIR: dataDir() })).filter((w) => w.includes('ADR 107'))).toEqual([]);
  });

  it('make throwaway keys for the demo once, kept in DATA_DIR, and refuse them in production', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir, WALLET_DEMO: 'on' }).wallet;
    expect(first.apple).toMatchObject({ passTypeId: 'pass.test.regalo.demo', demo: true });
    expect(first.google).toMatchObject({ demo: true });
    expect(existsSync(path.join(dir, 'wallet-demo-keys.json'))).toBe(true);
    // The next start signs with the same certificate: passes already made stay valid.
    expect(loadConfig({ DATA_DIR: dir, WALLET_DEMO: 'on' }).wallet.apple!.signerCertPem).toBe(first.apple!.signerCertPem);
    expect(issuesOf({ ...production, WALLET_DEMO: 'on' })).toEqual(['WALLET_DEMO=on signs passes with a throwaway certificate: refused with NODE_ENV=production']);
  });
});
