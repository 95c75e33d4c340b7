import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cifControlDigit,
  classifyTaxId,
  isValidCif,
  isValidNie,
  isValidNif,
  normalizeTaxId,
  taxIdError,
} from './tax-id';
import { stdnumInvalid, stdnumValid } from './tax-id-stdnum-cases';

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

describe('which ids each business type accepts, and why one is refused', () => {
  it('accepts a NIE for an individual, every prefix', () => {
    for (const nie of ['X1234567L', 'Y1234567X', 'Z1234567R']) {
      expect(taxIdError(nie, 'individual')).toBeNull();
    }
  });
  it('refuses a valid NIE for a company or cooperative with a message that names the type', () => {
    expect(taxIdError('X1234567L', 'company')).toBe('nieNeedsIndividual');
    expect(taxIdError('Y1234567X', 'cooperative')).toBe('nieNeedsIndividual');
  });
  it('accepts a CIF and a NIF for every type, and refuses junk as invalid', () => {
    for (const type of ['individual', 'company', 'cooperative'] as const) {
      expect(taxIdError('B12345674', type)).toBeNull();
      expect(taxIdError('12345678Z', type)).toBeNull();
      expect(taxIdError('B12345675', type)).toBe('invalidTaxId');
      expect(taxIdError('X1234567A', type)).toBe('invalidTaxId');
    }
  });
});

// Property-based: every valid id built by the official rules is accepted, and changing any
// one of its check-bearing characters to another of the same kind is refused.
const digitString = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
const NIF_TABLE = 'TRWAGMYFPDXBNJZSQVHLCKE';
const validNif = digitString(8).map((d) => `${d}${NIF_TABLE[Number(d) % 23]}`);
const validNie = fc
  .tuple(fc.constantFrom('X', 'Y', 'Z'), digitString(7))
  .map(([p, d]) => `${p}${d}${NIF_TABLE[Number(`${'XYZ'.indexOf(p)}${d}`) % 23]}`);
const validCif = fc
  .tuple(fc.constantFrom(...'ABEH'), digitString(7))
  .map(([entity, d]) => `${entity}${d}${cifControlDigit(d)}`);

/** Replaces the character at `index` with a different one of the same class (digit or letter). */
function mutate(id: string, index: number, shift: number): string {
  const c = id[index]!;
  const isDigit = /\d/.test(c);
  const alphabet = isDigit ? '0123456789' : 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const next = alphabet[(alphabet.indexOf(c) + 1 + (shift % (alphabet.length - 1))) % alphabet.length]!;
  return id.slice(0, index) + next + id.slice(index + 1);
}

describe('tax ids, property-based', () => {
  it('accepts every valid NIF, NIE and CIF for an individual', () => {
    fc.assert(fc.property(fc.oneof(validNif, validNie, validCif), (id) => taxIdError(id, 'individual') === null));
  });
  it('refuses a NIF or NIE with any one digit or its letter changed', () => {
    fc.assert(
      fc.property(fc.oneof(validNif, validNie), fc.nat(), fc.nat(), (id, at, shift) => {
        // The NIE prefix letter is a digit in disguise (X=0, Y=1, Z=2): mutate the rest.
        const first = /^[XYZ]/.test(id) ? 1 : 0;
        const index = first + (at % (id.length - first));
        return taxIdError(mutate(id, index, shift), 'individual') !== null;
      }),
    );
  });
  it('refuses a CIF with any one of its digits or its control changed', () => {
    fc.assert(
      fc.property(validCif, fc.nat(), fc.nat(), (id, at, shift) => {
        // The entity letter (A, B, E, H here) is not covered by the control digit.
        const index = 1 + (at % (id.length - 1));
        return taxIdError(mutate(id, index, shift), 'company') !== null;
      }),
    );
  });
});

describe("python-stdnum's test data", () => {
  it.each(stdnumValid)('accepts $input for an individual, stored as $compact', ({ input, compact }) => {
    expect(taxIdError(input, 'individual')).toBeNull();
    expect(normalizeTaxId(input)).toBe(compact);
  });
  it.each(stdnumInvalid)('refuses %s', (input) => {
    expect(taxIdError(input, 'individual')).toBe('invalidTaxId');
  });
  it('treats K, L and M NIFs as people, like a DNI, and a CIF with the ES prefix as a company', () => {
    expect(classifyTaxId('L1111111G', 'company')).toBe('nif');
    expect(classifyTaxId('K1234567L', 'individual')).toBe('nif');
    expect(classifyTaxId('ESB58378431', 'company')).toBe('cif');
    expect(classifyTaxId('ES-x-2482300w', 'company')).toBeNull();
    expect(taxIdError('ES-x-2482300w', 'company')).toBe('nieNeedsIndividual');
  });
  it('strips ES only as a prefix of a whole id', () => {
    expect(normalizeTaxId('ES1234')).toBe('ES1234');
    expect(normalizeTaxId('ESB5837843')).toBe('ESB5837843');
  });
});
