/**
 * Cookie consent as the specification stores it: `cookie-consent` (all | necessary) plus
 * `analytics-consent` and `marketing-consent` (true | false), each for 365 days. Kept free
 * of React so the banner, the footer's "Cookie settings" link and any future analytics
 * loader read the same rules.
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

/** The three `document.cookie` assignments that store a choice. */
export function consentCookieStrings(choice: ConsentChoice, isSecure: boolean): string[] {
  const attributes = `; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${isSecure ? '; Secure' : ''}`;
  return [
    `${CONSENT_COOKIE}=${consentLevelFor(choice)}${attributes}`,
    `${ANALYTICS_COOKIE}=${String(choice.analytics)}${attributes}`,
    `${MARKETING_COOKIE}=${String(choice.marketing)}${attributes}`,
  ];
}

export function getConsent(): StoredConsent | null {
  return readConsent(document.cookie);
}

export function saveConsent(choice: ConsentChoice): StoredConsent {
  for (const cookie of consentCookieStrings(choice, window.location.protocol === 'https:')) {
    document.cookie = cookie;
  }
  return { level: consentLevelFor(choice), ...choice };
}

export const acceptAll: ConsentChoice = { analytics: true, marketing: true };
export const declineAll: ConsentChoice = { analytics: false, marketing: false };

/*
 * The footer's "Cookie settings" link lives in another part of the page than the banner; an
 * event on window connects them without either importing the other.
 */
const OPEN_SETTINGS_EVENT = 'regalo:open-cookie-settings';

export function openCookieSettings() {
  window.dispatchEvent(new Event(OPEN_SETTINGS_EVENT));
}

export function onOpenCookieSettings(listener: () => void): () => void {
  window.addEventListener(OPEN_SETTINGS_EVENT, listener);
  return () => window.removeEventListener(OPEN_SETTINGS_EVENT, listener);
}
