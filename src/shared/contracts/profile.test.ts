import { describe, expect, it } from 'vitest';
import { normalizePhone, updateProfileSchema } from './profile';

describe('normalizePhone', () => {
  it.each([
    ['612 345 678', '+34612345678'],
    ['963.00.00.00', '+34963000000'],
    ['+34 (612) 345-678', '+34612345678'],
    ['0034612345678', '+34612345678'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('normalises %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it('returns null for empty values and undefined for anything else', () => {
    expect(normalizePhone('')).toBeNull();
    expect(normalizePhone('   ')).toBeNull();
    expect(normalizePhone(null)).toBeNull();
    for (const bad of ['abc', '12345', '512345678', '+34 512 345 678', '+0123456789', '+1234567890123456', '6123456789']) {
      expect(normalizePhone(bad), bad).toBeUndefined();
    }
  });
});

describe('updateProfileSchema', () => {
  it('trims the name and normalises the phone', () => {
    expect(updateProfileSchema.parse({ fullName: ' Ana ', phone: '612345678' })).toEqual({ fullName: 'Ana', phone: '+34612345678' });
    expect(updateProfileSchema.parse({ fullName: 'Ana' })).toEqual({ fullName: 'Ana', phone: null });
  });
});
