import { describe, expect, it } from 'vitest';
import { canSubmitContactName, emptyToNull, isValidEmail, isValidPhone } from './contact';

describe('contact rules', () => {
  it('stores empty optional fields as null and trims the rest', () => {
    expect(emptyToNull(undefined)).toBeNull();
    expect(emptyToNull(null)).toBeNull();
    expect(emptyToNull('   ')).toBeNull();
    expect(emptyToNull('  Madre ')).toBe('Madre');
  });

  it('only lets a name with something besides spaces through', () => {
    expect(canSubmitContactName('')).toBe(false);
    expect(canSubmitContactName('   ')).toBe(false);
    expect(canSubmitContactName(' Ana ')).toBe(true);
  });

  it('accepts phone numbers as people type them and rejects text', () => {
    expect(isValidPhone('+34 612 345 678')).toBe(true);
    expect(isValidPhone('(96) 123-45-67')).toBe(true);
    expect(isValidPhone('12345')).toBe(false);
    expect(isValidPhone('call me')).toBe(false);
    expect(isValidPhone('+34 612 345 678 901 234')).toBe(false);
  });

  it('checks the shape of an email address', () => {
    expect(isValidEmail('ana@example.es')).toBe(true);
    expect(isValidEmail('ana@example')).toBe(false);
    expect(isValidEmail('ana example@x.es')).toBe(false);
  });
});
