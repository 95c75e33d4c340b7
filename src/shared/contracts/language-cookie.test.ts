import { describe, expect, it } from 'vitest';
import { languageCookieValue, readLanguageCookie } from './language-cookie';

describe('the language cookie', () => {
  it('reads the chosen language among other cookies, and nothing else', () => {
    expect(readLanguageCookie('cookie-consent=all; regalo-language=es; x=1')).toBe('es');
    expect(readLanguageCookie('regalo-language=en')).toBe('en');
    expect(readLanguageCookie('regalo-language=fr')).toBeNull();
    expect(readLanguageCookie(undefined)).toBeNull();
  });
  it('lasts a year for the whole site, Secure on https', () => {
    expect(languageCookieValue('es', false)).toBe('regalo-language=es; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(languageCookieValue('en', true)).toMatch(/; Secure$/);
  });
});
