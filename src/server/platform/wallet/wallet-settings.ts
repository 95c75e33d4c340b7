import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createThrowawayWalletKeys, type ThrowawayWalletKeys } from './throwaway-wallet-keys';

/** Apple Wallet: what signs a pass, and what pushes its updates (ADR 107). */
export interface AppleWalletConfig {
  passTypeId: string;
  teamId: string;
  /** PEM: the pass type certificate, its private key (with its passphrase) and Apple's WWDR intermediate. */
  signerCertPem: string;
  signerKeyPem: string;
  signerKeyPassphrase?: string;
  wwdrPem: string;
  /** APNs token authentication (a .p8 key and its id); without it passes are served but never pushed. */
  apns?: { keyPem: string; keyId: string; url: string };
  /** Signed with a throwaway certificate made at the demo's first start: a real phone refuses it. */
  demo: boolean;
}

/** Google Wallet: the operator's issuer and service account (ADR 107). */
export interface GoogleWalletConfig {
  issuerId: string;
  clientEmail: string;
  privateKeyPem: string;
  /** Google's REST API and OAuth token addresses (a local stand-in in tests). */
  apiUrl: string;
  tokenUrl: string;
  demo: boolean;
}

export interface WalletConfig {
  apple?: AppleWalletConfig;
  google?: GoogleWalletConfig;
}

export const APNS_URL = 'https://api.push.apple.com';
export const GOOGLE_WALLET_API_URL = 'https://walletobjects.googleapis.com';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** The environment variables this module reads (config.ts declares them in its schema). */
export interface WalletEnv {
  APPLE_WALLET_PASS_TYPE_ID?: string;
  APPLE_WALLET_TEAM_ID?: string;
  APPLE_WALLET_CERT_FILE?: string;
  APPLE_WALLET_KEY_FILE?: string;
  APPLE_WALLET_KEY_PASSPHRASE?: string;
  APPLE_WALLET_WWDR_FILE?: string;
  APPLE_WALLET_APNS_KEY_FILE?: string;
  APPLE_WALLET_APNS_KEY_ID?: string;
  APPLE_WALLET_APNS_URL?: string;
  GOOGLE_WALLET_ISSUER_ID?: string;
  GOOGLE_WALLET_KEY_FILE?: string;
  GOOGLE_WALLET_API_URL?: string;
  GOOGLE_WALLET_TOKEN_URL?: string;
  WALLET_DEMO: 'on' | 'off';
}

const APPLE_REQUIRED = ['APPLE_WALLET_PASS_TYPE_ID', 'APPLE_WALLET_TEAM_ID', 'APPLE_WALLET_CERT_FILE', 'APPLE_WALLET_KEY_FILE', 'APPLE_WALLET_WWDR_FILE'] as const;

function readSetting(name: string, file: string, issues: string[]): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    issues.push(`${name} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): ${file}`);
    return '';
  }
}

/** The demo's keys, made once into DATA_DIR so passes already on a phone keep verifying after a restart. */
function loadOrCreateDemoKeys(dataDir: string): ThrowawayWalletKeys {
  const file = path.join(dataDir, 'wallet-demo-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ThrowawayWalletKeys;
  mkdirSync(dataDir, { recursive: true });
  const keys = createThrowawayWalletKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/**
 * The wallet settings: all of a wallet's or none (a half-set wallet is refused at start, so a
 * button is never shown for a pass that cannot be signed). WALLET_DEMO=on (the demo, never
 * production) signs with throwaway keys made at the first start.
 */
export function loadWalletConfig(e: WalletEnv, dataDir: string, isProduction: boolean, issues: string[]): WalletConfig {
  if (e.WALLET_DEMO === 'on') {
    if (isProduction) {
      issues.push('WALLET_DEMO=on signs passes with a throwaway certificate: refused with NODE_ENV=production');
      return {};
    }
    const keys = loadOrCreateDemoKeys(dataDir);
    return {
      apple: { passTypeId: keys.apple.passTypeId, teamId: keys.apple.teamId, signerCertPem: keys.apple.signerCertPem, signerKeyPem: keys.apple.signerKeyPem, wwdrPem: keys.apple.wwdrPem, demo: true },
      google: { issuerId: keys.google.issuerId, clientEmail: keys.google.clientEmail, privateKeyPem: keys.google.privateKeyPem, apiUrl: e.GOOGLE_WALLET_API_URL ?? GOOGLE_WALLET_API_URL, tokenUrl: e.GOOGLE_WALLET_TOKEN_URL ?? GOOGLE_TOKEN_URL, demo: true },
    };
  }
  const wallet: WalletConfig = {};
  const appleSet = APPLE_REQUIRED.filter((name) => e[name]);
  if (appleSet.length > 0 && appleSet.length < APPLE_REQUIRED.length) {
    issues.push(`Apple Wallet needs ${APPLE_REQUIRED.join(', ')} together (missing: ${APPLE_REQUIRED.filter((name) => !e[name]).join(', ')})`);
  } else if (appleSet.length === APPLE_REQUIRED.length) {
    const apnsSet = [e.APPLE_WALLET_APNS_KEY_FILE, e.APPLE_WALLET_APNS_KEY_ID].filter(Boolean).length;
    if (apnsSet === 1) issues.push('APPLE_WALLET_APNS_KEY_FILE and APPLE_WALLET_APNS_KEY_ID must be set together');
    wallet.apple = {
      passTypeId: e.APPLE_WALLET_PASS_TYPE_ID!,
      teamId: e.APPLE_WALLET_TEAM_ID!,
      signerCertPem: readSetting('APPLE_WALLET_CERT_FILE', e.APPLE_WALLET_CERT_FILE!, issues),
      signerKeyPem: readSetting('APPLE_WALLET_KEY_FILE', e.APPLE_WALLET_KEY_FILE!, issues),
      signerKeyPassphrase: e.APPLE_WALLET_KEY_PASSPHRASE,
      wwdrPem: readSetting('APPLE_WALLET_WWDR_FILE', e.APPLE_WALLET_WWDR_FILE!, issues),
      apns:
        apnsSet === 2
          ? { keyPem: readSetting('APPLE_WALLET_APNS_KEY_FILE', e.APPLE_WALLET_APNS_KEY_FILE!, issues), keyId: e.APPLE_WALLET_APNS_KEY_ID!, url: e.APPLE_WALLET_APNS_URL ?? APNS_URL }
          : undefined,
      demo: false,
    };
  }
  if (Boolean(e.GOOGLE_WALLET_ISSUER_ID) !== Boolean(e.GOOGLE_WALLET_KEY_FILE)) {
    issues.push('GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_KEY_FILE must be set together');
  } else if (e.GOOGLE_WALLET_ISSUER_ID && e.GOOGLE_WALLET_KEY_FILE) {
    const text = readSetting('GOOGLE_WALLET_KEY_FILE', e.GOOGLE_WALLET_KEY_FILE, issues);
    let key: { client_email?: unknown; private_key?: unknown } | undefined;
    try {
      key = text ? (JSON.parse(text) as typeof key) : undefined;
    } catch {
      issues.push('GOOGLE_WALLET_KEY_FILE is not a service account key (JSON)');
    }
    if (key && (typeof key.client_email !== 'string' || typeof key.private_key !== 'string')) {
      issues.push('GOOGLE_WALLET_KEY_FILE has no client_email and private_key (a service account key, JSON)');
    }
    wallet.google = {
      issuerId: e.GOOGLE_WALLET_ISSUER_ID,
      clientEmail: String(key?.client_email ?? ''),
      privateKeyPem: String(key?.private_key ?? ''),
      apiUrl: e.GOOGLE_WALLET_API_URL ?? GOOGLE_WALLET_API_URL,
      tokenUrl: e.GOOGLE_WALLET_TOKEN_URL ?? GOOGLE_TOKEN_URL,
      demo: false,
    };
  }
  return wallet;
}

/** What a production operator should hear at start: a wallet left unset shows no button. */
export function walletWarnings(wallet: WalletConfig): string[] {
  const warnings: string[] = [];
  if (!wallet.apple) {
    warnings.push(`Apple Wallet is off: gifts offer no "Add to Apple Wallet". Set ${APPLE_REQUIRED.join(', ')} (and APPLE_WALLET_APNS_KEY_FILE, APPLE_WALLET_APNS_KEY_ID for updates) (ADR 107).`);
  } else if (!wallet.apple.apns) {
    warnings.push('APPLE_WALLET_APNS_KEY_FILE is not set: Apple Wallet passes are issued but never updated on the phone when a gift is used, withdrawn, extended or expires (ADR 107).');
  }
  if (!wallet.google) {
    warnings.push('Google Wallet is off: gifts offer no "Add to Google Wallet". Set GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_KEY_FILE (ADR 107).');
  }
  return warnings;
}
