import {
  ANALYTICS_COOKIE,
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  consentLevelFor,
  MARKETING_COOKIE,
  readConsent,
  type ConsentChoice,
  type StoredConsent,
} from '@shared/contracts/consent-cookies';

/**
 * Cookie consent in the browser: storing a choice, reading it back, and the footer's
 * "Cookie settings" link. Kept free of React so the banner, that link and any future
 * analytics loader follow the same rules (the cookies themselves: shared/contracts/consent-cookies.ts).
 */

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

/**
 * An address ending in `#cookie-settings` opens the settings too: the server-rendered pages
 * (the cookie policy's "open the cookie settings", ADR 059) have no script to dispatch the event.
 */
export const COOKIE_SETTINGS_HASH = '#cookie-settings';

export function onOpenCookieSettings(listener: () => void): () => void {
  const fromAddress = () => {
    if (window.location.hash === COOKIE_SETTINGS_HASH) listener();
  };
  window.addEventListener(OPEN_SETTINGS_EVENT, listener);
  window.addEventListener('hashchange', fromAddress);
  fromAddress();
  return () => {
    window.removeEventListener(OPEN_SETTINGS_EVENT, listener);
    window.removeEventListener('hashchange', fromAddress);
  };
}
