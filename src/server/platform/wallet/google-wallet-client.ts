import type { GoogleWalletConfig } from './wallet-settings';
import { signJwt } from './sign-jwt';

/** Google's documented "Add to Google Wallet" address: the JWT travels in the path. */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

/** The two kinds of Google Wallet object Regalo issues: a fixed gift is Generic, a gift card a Gift Card (ADR 107). */
export type GoogleObjectType = 'genericObject' | 'giftCardObject';

/** The save JWT's payload lists each kind under its own plural names (Google's JWT reference). */
const PAYLOAD_NAMES: Record<GoogleObjectType, { classes: string; objects: string }> = {
  genericObject: { classes: 'genericClasses', objects: 'genericObjects' },
  giftCardObject: { classes: 'giftCardClasses', objects: 'giftCardObjects' },
};

/**
 * The save link: a JWT signed by the operator's service account (RS256), carrying the class and
 * the object themselves, so the object exists at Google from the moment the person saves it.
 */
export function googleSaveUrl(
  google: GoogleWalletConfig,
  input: { type: GoogleObjectType; walletClass: object; walletObject: object; origins: string[]; now: Date },
): string {
  const names = PAYLOAD_NAMES[input.type];
  const jwt = signJwt('RS256', google.privateKeyPem, {
    iss: google.clientEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(input.now.getTime() / 1000),
    origins: input.origins,
    payload: { [names.classes]: [input.walletClass], [names.objects]: [input.walletObject] },
  });
  return `${GOOGLE_SAVE_URL}${jwt}`;
}

export interface GoogleWalletClient {
  /**
   * Replaces an object of its kind with its whole new content (Google's `update`, a PUT: a
   * PATCH would keep a field the new content leaves out, such as a used gift's QR); resolves
   * to Google's status (404: never saved, nothing to update).
   */
  updateObject(type: GoogleObjectType, objectId: string, object: object): Promise<number>;
}

/**
 * Google's Wallet REST API with an OAuth2 access token from the service account's own JWT
 * (the JWT bearer grant), kept until shortly before it lapses.
 */
export function createGoogleWalletClient(google: GoogleWalletConfig, now: () => Date = () => new Date()): GoogleWalletClient {
  let token: { value: string; until: number } | undefined;
  const accessToken = async () => {
    const at = now().getTime();
    if (token && at < token.until) return token.value;
    const iat = Math.floor(at / 1000);
    const assertion = signJwt('RS256', google.privateKeyPem, { iss: google.clientEmail, scope: WALLET_SCOPE, aud: google.tokenUrl, iat, exp: iat + 3600 });
    const res = await fetch(google.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`Google token exchange answered ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in?: number };
    token = { value: body.access_token, until: at + Math.max(60, (body.expires_in ?? 3600) - 300) * 1000 };
    return token.value;
  };
  return {
    async updateObject(type, objectId, object) {
      const res = await fetch(`${google.apiUrl}/walletobjects/v1/${type}/${encodeURIComponent(objectId)}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify(object),
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return res.status;
    },
  };
}
