import { describe, expect, it } from 'vitest';
import { escapeIcsText, foldIcsLine } from '../../domain/orders/build-gift-calendar';
import { isGiftCodeShape, parsePastedGift } from './gift-code';
import { languageFromAcceptLanguage } from '../../platform/page-language';
import { createRedemptionCode } from '../../domain/orders/price-order';

describe('gift codes', () => {
  it('accepts the codes checkout makes and refuses what cannot be one', () => {
    for (let i = 0; i < 50; i++) expect(isGiftCodeShape(createRedemptionCode())).toBe(true);
    for (const bad of ['', 'ABCD1234', 'a'.repeat(21), 'a'.repeat(87), 'abc def'.repeat(5), `${'a'.repeat(30)}=`, `${'a'.repeat(30)}/`]) {
      expect(isGiftCodeShape(bad), bad).toBe(false);
    }
  });

  it('finds the code in a pasted link, path or bare code', () => {
    const code = createRedemptionCode();
    expect(parsePastedGift(`https://regalo.example/g/${code}`)).toBe(code);
    expect(parsePastedGift(`Mira: https://regalo.example/g/${code}?lang=es`)).toBe(code);
    expect(parsePastedGift(`/g/${code}/print`)).toBe(code);
    expect(parsePastedGift(` ${code}\n`)).toBe(code);
    expect(parsePastedGift('https://regalo.example/g/')).toBeNull();
    expect(parsePastedGift(code.slice(-8))).toBeNull();
    expect(parsePastedGift('%E0%A4%A')).toBeNull();
  });
});

describe('iCalendar text', () => {
  it('escapes backslashes, separators and newlines', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `DESCRIPTION:${'ñ'.repeat(100)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldIcsLine('SHORT:1')).toBe('SHORT:1');
  });
});

describe('Accept-Language', () => {
  it('picks the best language we speak', () => {
    expect(languageFromAcceptLanguage('es-ES,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageFromAcceptLanguage('fr-FR,fr;q=0.9,en;q=0.5,es;q=0.4')).toBe('en');
    expect(languageFromAcceptLanguage('en;q=0.2, es-MX')).toBe('es');
    expect(languageFromAcceptLanguage('es;q=0, de')).toBeUndefined();
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
  });

  it('reads Catalan in any form as Valencian', () => {
    expect(languageFromAcceptLanguage('ca-ES-valencia,es;q=0.8')).toBe('va');
    expect(languageFromAcceptLanguage('ca-ES,ca;q=0.9')).toBe('va');
    expect(languageFromAcceptLanguage('fr, ca;q=0.5, es;q=0.4')).toBe('va');
  });
});
