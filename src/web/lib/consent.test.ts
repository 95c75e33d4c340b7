import { describe, expect, it } from 'vitest';
import {
  acceptAll,
  consentCookieStrings,
  consentLevelFor,
  declineAll,
  readConsent,
} from './consent';

describe('consentLevelFor', () => {
  it('is all only when analytics and marketing are both accepted', () => {
    expect(consentLevelFor({ analytics: true, marketing: true })).toBe('all');
    expect(consentLevelFor({ analytics: true, marketing: false })).toBe('necessary');
    expect(consentLevelFor({ analytics: false, marketing: true })).toBe('necessary');
    expect(consentLevelFor({ analytics: false, marketing: false })).toBe('necessary');
  });
});

describe('consentCookieStrings', () => {
  it('writes the three cookies for a year on the whole site', () => {
    expect(consentCookieStrings(acceptAll, false)).toEqual([
      'cookie-consent=all; Path=/; Max-Age=31536000; SameSite=Lax',
      'analytics-consent=true; Path=/; Max-Age=31536000; SameSite=Lax',
      'marketing-consent=true; Path=/; Max-Age=31536000; SameSite=Lax',
    ]);
  });

  it('writes necessary and false for a refusal, Secure on https', () => {
    expect(consentCookieStrings(declineAll, true)).toEqual([
      'cookie-consent=necessary; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
      'analytics-consent=false; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
      'marketing-consent=false; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    ]);
  });

  it('keeps a partial choice as necessary with the accepted category true', () => {
    const [level, analytics, marketing] = consentCookieStrings({ analytics: true, marketing: false }, false);
    expect(level).toMatch(/^cookie-consent=necessary;/);
    expect(analytics).toMatch(/^analytics-consent=true;/);
    expect(marketing).toMatch(/^marketing-consent=false;/);
  });
});

describe('readConsent', () => {
  it('is null until a choice is stored', () => {
    expect(readConsent('')).toBeNull();
    expect(readConsent('analytics-consent=true; theme=dark')).toBeNull();
  });

  it('ignores an unknown consent value', () => {
    expect(readConsent('cookie-consent=maybe')).toBeNull();
  });

  it('reads a stored choice among other cookies', () => {
    expect(readConsent('a=1; cookie-consent=necessary; analytics-consent=true; marketing-consent=false')).toEqual({
      level: 'necessary',
      analytics: true,
      marketing: false,
    });
    expect(readConsent('cookie-consent=all;analytics-consent=true;marketing-consent=true')).toEqual({
      level: 'all',
      analytics: true,
      marketing: true,
    });
  });
});
