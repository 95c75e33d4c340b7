import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTypedCode, normalizeTypedCode, TYPED_CODE_ALPHABET, TYPED_CODE_PATTERN, typedCodeFromBytes } from './typed-code';

describe('the typed code', () => {
  it('uses Crockford base32: no I, L, O or U to misread', () => {
    expect(TYPED_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(TYPED_CODE_ALPHABET).size).toBe(32);
    for (const letter of 'ILOU') expect(TYPED_CODE_ALPHABET).not.toContain(letter);
  });

  it('turns 40 random bits into 8 characters, every bit used', () => {
    expect(typedCodeFromBytes(new Uint8Array([0, 0, 0, 0, 0]))).toBe('00000000');
    expect(typedCodeFromBytes(new Uint8Array([255, 255, 255, 255, 255]))).toBe('ZZZZZZZZ');
    expect(typedCodeFromBytes(new Uint8Array([0, 0, 0, 0, 1]))).toBe('00000001');
    expect(typedCodeFromBytes(new Uint8Array([0x80, 0, 0, 0, 0]))).toBe('G0000000');
  });

  it('reads back what it shows, however a person types it', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 5, maxLength: 5 }), fc.boolean(), (bytes, lower) => {
        const code = typedCodeFromBytes(bytes);
        expect(code).toMatch(TYPED_CODE_PATTERN);
        const shown = formatTypedCode(code);
        expect(shown).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
        expect(normalizeTypedCode(lower ? shown.toLowerCase() : shown)).toBe(code);
        expect(normalizeTypedCode(shown.replace('-', ' '))).toBe(code);
      }),
    );
  });

  it('refuses what cannot be a typed code', () => {
    for (const bad of ['', 'K7QD-M2X', 'K7QD-M2XAB', 'K7QD-M2XU', 'K7QD_M2XA', 'K7QD+M2XA']) expect(normalizeTypedCode(bad), bad).toBeNull();
  });
});
