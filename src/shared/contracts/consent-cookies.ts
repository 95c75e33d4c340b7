/**
 * Cookie consent as the specification stores it: `cookie-consent` (all | necessary) plus
 * `analytics-consent` and `marketing-consent` (true | false), each for 365 days. Shared
 * because both sides read them: the browser app's banner and settings (`web/lib/consent.ts`),
 * and the server, which paints the banner into the document of a visitor who has not chosen
 * yet (ADR 050).
 */
export const CONSENT_COOKIE = 'cookie-consent';
export const ANALYTICS_COOKIE = 'analytics-consent';
export const MARKETING_COOKIE = 'marketing-consent';
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type ConsentLevel = 'all' | 'necessary';

export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

export interface StoredConsent extends ConsentChoice {
  level: ConsentLevel;
}

/** `all` only when every optional category is accepted; anything less is `necessary`. */
export function consentLevelFor(choice: ConsentChoice): ConsentLevel {
  return choice.analytics && choice.marketing ? 'all' : 'necessary';
}

export function parseCookies(cookieHeader: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || cookies.has(name)) continue;
    const raw = part.slice(index + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      // Another site script may have written a malformed value; keep it undecoded.
      cookies.set(name, raw);
    }
  }
  return cookies;
}

/** The saved choice, or null while the visitor has not decided (the banner then shows). */
export function readConsent(cookieHeader: string): StoredConsent | null {
  const cookies = parseCookies(cookieHeader);
  const level = cookies.get(CONSENT_COOKIE);
  if (level !== 'all' && level !== 'necessary') return null;
  return {
    level,
    analytics: cookies.get(ANALYTICS_COOKIE) === 'true',
    marketing: cookies.get(MARKETING_COOKIE) === 'true',
  };
}
