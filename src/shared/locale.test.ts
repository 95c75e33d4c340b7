import { describe, expect, it } from 'vitest';
import { localeFromTag, negotiateLocale, parseAcceptLanguage } from './locale';

describe('negotiateLocale', () => {
  it.each([
    [{ acceptLanguage: 'ca-ES-valencia,es;q=0.8' }, 'va'],
    [{ acceptLanguage: 'ca' }, 'va'],
    [{ acceptLanguage: 'ca-ES' }, 'va'],
    [{ acceptLanguage: 'va' }, 'va'],
    [{ acceptLanguage: 'fr' }, 'en'],
    [{ acceptLanguage: 'fr-FR,es;q=0.5' }, 'es'],
    [{ acceptLanguage: 'es;q=0.4,ca;q=0.9' }, 'va'],
    [{ acceptLanguage: 'ca;q=0,es' }, 'es'],
    [{ stored: 'en', acceptLanguage: 'ca-ES' }, 'en'],
    [{ stored: 'xx', acceptLanguage: 'es-ES' }, 'es'],
    [{ stored: [null, 'va'], acceptLanguage: 'en' }, 'va'],
    [{ browserLanguages: ['de-DE', 'ca-ES'] }, 'va'],
    [{ pageLanguage: 'es' }, 'es'],
    [{}, 'en'],
    [{ acceptLanguage: 'garbage;;q=abc, ,' }, 'en'],
  ] as const)('%j → %s', (sources, expected) => {
    expect(negotiateLocale(sources)).toBe(expected);
  });
});

describe('localeFromTag', () => {
  it('reads Catalan in every form as Valencian and refuses what Regalo does not offer', () => {
    expect(['ca', 'CA-es', 'ca_ES', 'ca-ES-valencia', 'va'].map(localeFromTag)).toEqual(['va', 'va', 'va', 'va', 'va']);
    expect(['en-GB', 'es-419', 'pt', '', null].map(localeFromTag)).toEqual(['en', 'es', null, null, null]);
  });
});

describe('parseAcceptLanguage', () => {
  it('orders by q, keeps ties in sent order, drops q=0 and *', () => {
    expect(parseAcceptLanguage('fr;q=0.5, en-GB, es;q=0.9, *;q=0.1, de;q=0')).toEqual(['en-GB', 'es', 'fr']);
  });
});
