import { describe, expect, it } from 'vitest';
import {
  cifControlDigit,
  classifyTaxId,
  isValidCif,
  isValidNie,
  isValidNif,
  normalizeTaxId,
} from './tax-id';

describe('NIF', () => {
  it.each(['12345678Z', '00000000T', '99999999R', '87654321X', '12345678z', ' 12345678-Z '])(
    'accepts %s',
    (v) => expect(isValidNif(v)).toBe(true),
  );
  it.each(['12345678A', '00000000R', '1234567Z', '123456789Z', 'X1234567L', '', 'ABCDEFGHZ'])(
    'refuses %s',
    (v) => expect(isValidNif(v)).toBe(false),
  );
});

describe('NIE', () => {
  // X1234567L: 01234567 mod 23 = 19 → L; Y1234567X: 11234567 mod 23 = 10 → X;
  // Z1234567R: 21234567 mod 23 = 1 → R.
  it.each(['X1234567L', 'Y1234567X', 'Z1234567R', 'x1234567l'])('accepts %s', (v) =>
    expect(isValidNie(v)).toBe(true),
  );
  it.each(['X1234567A', 'W1234567L', 'X123456L', 'X12345678L'])('refuses %s', (v) =>
    expect(isValidNie(v)).toBe(false),
  );
});

describe('CIF', () => {
  it('computes the control digit by the official algorithm', () => {
    // B1234567: odd positions 1,3,5,7 doubled → 2,6,10→1,14→5 = 14; even 2+4+6 = 12; 26 → 4.
    expect(cifControlDigit('1234567')).toBe(4);
    expect(cifControlDigit('0000000')).toBe(0);
  });
  it.each([
    'B12345674', // S.L., digit control
    'A58818501', // a real-format S.A. number
    'b12345674', // lowercase
    'Q2826000H', // public body: letter control (H = 8)
    'P4600000F', // local authority with letter control (F = 6)
    'G12345674', // association: digit allowed
    'G1234567D', // association: letter allowed too (D = 4)
  ])('accepts %s', (v) => expect(isValidCif(v)).toBe(true));
  it.each([
    'B12345675', // wrong control digit
    'B1234567D', // S.L. must use a digit
    'Q28260008', // public body must use a letter
    'I12345674', // I is not an entity letter
    'B1234567', // too short
    'B123456744', // too long
  ])('refuses %s', (v) => expect(isValidCif(v)).toBe(false));
});

describe('classifyTaxId', () => {
  it('recognises each kind', () => {
    expect(classifyTaxId('B12345674', 'company')).toBe('cif');
    expect(classifyTaxId('12345678Z', 'individual')).toBe('nif');
    expect(classifyTaxId('X1234567L', 'individual')).toBe('nie');
  });
  it('accepts a NIE only for individuals', () => {
    expect(classifyTaxId('X1234567L', 'company')).toBeNull();
    expect(classifyTaxId('X1234567L', 'cooperative')).toBeNull();
  });
  it('refuses anything else', () => {
    expect(classifyTaxId('hello', 'individual')).toBeNull();
    expect(classifyTaxId('12345678A', 'individual')).toBeNull();
  });
  it('normalises spaces, hyphens and case', () => {
    expect(normalizeTaxId(' b-1234 5674 ')).toBe('B12345674');
  });
});
