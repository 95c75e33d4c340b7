import { describe, expect, it } from 'vitest';
import { birthDateError, dac7DueDate, formatIban, ibanChecksumHolds, ibanError, isValidIban, missingDac7Fields, normalizeIban, vatNumberError } from './dac7-seller';
import { stdnumInvalidIbans, stdnumValidIbans } from './iban-stdnum-cases';

describe('IBAN (ISO 13616)', () => {
  it.each(stdnumValidIbans)('accepts the registry sample %s', (iban) => expect(ibanError(iban)).toBeNull());
  it.each(stdnumInvalidIbans)('refuses %s', (iban) => expect(isValidIban(iban)).toBe(false));

  it('checks MOD 97-10 itself: one changed digit or two swapped fail', () => {
    expect(ibanChecksumHolds('GB29NWBK60161331926819')).toBe(true);
    expect(ibanChecksumHolds('GB29NWBK60161331926818')).toBe(false);
    expect(ibanChecksumHolds('GB29NWBK60161331926891')).toBe(false);
  });

  it('names why: unknown country, wrong length for the country, bad digits', () => {
    expect(ibanError('QQ93 1234 5678')).toBe('ibanCountry');
    expect(ibanError('ES91 2100 0418 4502 0005 133')).toBe('ibanLength');
    expect(ibanError('ES91 2100 0418 4502 0005 1333')).toBe('invalidIban');
    expect(ibanError('not an iban')).toBe('invalidIban');
    expect(ibanError('')).toBe('invalidIban');
  });

  it('normalises what people paste and prints it by fours', () => {
    expect(normalizeIban(' es91-2100.0418 4502 0005 1332 ')).toBe('ES9121000418450200051332');
    expect(formatIban('ES9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332');
  });
});

describe('VAT identification number', () => {
  it.each(['ESB58378431', 'ES B-58378431', 'esx2482300w', 'ES12345678Z'])('accepts the Spanish %s by its check character', (vat) => expect(vatNumberError(vat)).toBeNull());
  it.each(['ESB58378432', 'ES12345678A', 'ES1234'])('refuses the Spanish %s', (vat) => expect(vatNumberError(vat)).toBe('invalidVatNumber'));
  it('accepts another Member State by its shape and Greece as EL', () => {
    expect(vatNumberError('DE136695976')).toBeNull();
    expect(vatNumberError('EL094259216')).toBeNull();
    expect(vatNumberError('FR4')).toBe('invalidVatNumber');
  });
  it('refuses a number without a Member State prefix, or with a country outside the Union', () => {
    expect(vatNumberError('B58378431')).toBe('vatNumberCountry');
    expect(vatNumberError('GR094259216')).toBe('vatNumberCountry');
    expect(vatNumberError('GB123456789')).toBe('vatNumberCountry');
  });
});

describe('date of birth', () => {
  const today = '2026-12-07';
  it('accepts an adult', () => {
    expect(birthDateError('1980-05-17', today)).toBeNull();
    expect(birthDateError('2008-12-07', today)).toBeNull(); // 18 today
  });
  it('refuses a minor, today and the future', () => {
    expect(birthDateError('2008-12-08', today)).toBe('notAdult');
    expect(birthDateError(today, today)).toBe('notAdult');
    expect(birthDateError('2030-01-01', today)).toBe('notAdult');
  });
  it('counts someone born on 29 February of age on 1 March of a common year', () => {
    expect(birthDateError('2008-02-29', '2026-02-28')).toBe('notAdult');
    expect(birthDateError('2008-02-29', '2026-03-01')).toBeNull();
  });
  it('refuses days that do not exist and other shapes', () => {
    for (const value of ['1990-02-30', '1990-04-31', '1991-02-29', '1990-13-01', '1990-00-10', '17/05/1980', '1980-5-17', ''])
      expect(birthDateError(value, today)).toBe('invalidDate');
    expect(birthDateError('1992-02-29', today)).toBeNull();
  });
  it('refuses a date 120 years back or more', () => {
    expect(birthDateError('1906-12-07', today)).toBe('tooOld');
    expect(birthDateError('1906-12-08', today)).toBeNull();
  });
});

describe('fields the DAC7 report needs', () => {
  const blank = { legalName: null, fiscalAddress: null, businessRegistrationNumber: null, ownerFirstName: null, ownerLastName: null, ownerBirthDate: null, iban: null, ibanHolder: null };
  it('asks an individual for names and date of birth, an entity for its legal name and registration number', () => {
    expect(missingDac7Fields({ ...blank, businessType: 'individual' })).toEqual(['firstName', 'lastName', 'birthDate', 'fiscalAddress', 'iban', 'ibanHolder']);
    expect(missingDac7Fields({ ...blank, businessType: 'company' })).toEqual(['legalName', 'fiscalAddress', 'businessRegistrationNumber', 'iban', 'ibanHolder']);
    expect(missingDac7Fields({ ...blank, businessType: 'cooperative', legalName: 'Coop', fiscalAddress: 'C/ 1', businessRegistrationNumber: ' ', iban: 'ES91…', ibanHolder: 'Coop' })).toEqual(['businessRegistrationNumber']);
  });
  it('is due on 31 January after the year', () => expect(dac7DueDate(2026)).toBe('2027-01-31'));
});
