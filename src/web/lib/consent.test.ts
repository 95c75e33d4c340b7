import { describe, expect, it } from 'vitest';
import { acceptAll, consentCookieStrings, declineAll } from './consent';

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
