import { describe, expect, it } from 'vitest';
import { consentLevelFor, readConsent } from './consent-cookies';

describe('consentLevelFor', () => {
  it('is all only when analytics and marketing are both accepted', () => {
    expect(consentLevelFor({ analytics: true, marketing: true })).toBe('all');
    expect(consentLevelFor({ analytics: true, marketing: false })).toBe('necessary');
    expect(consentLevelFor({ analytics: false, marketing: true })).toBe('necessary');
    expect(consentLevelFor({ analytics: false, marketing: false })).toBe('necessary');
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
