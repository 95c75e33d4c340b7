/**
 * Spanish tax identifiers, checked by their real check characters (not only by shape):
 * - NIF (DNI): 8 digits + letter, letter = TRWAGMYFPDXBNJZSQVHLCKE[number mod 23].
 * - NIF of a person without a DNI: K (Spaniards under 14), L (Spaniards living abroad) or
 *   M (foreigners without a NIE) + 7 digits + the mod-23 letter of those 7 digits. They are
 *   people's NIFs like a DNI's, and accepted where a DNI's is.
 * - NIE: X/Y/Z + 7 digits + letter; X/Y/Z stand for 0/1/2 and the same mod-23 letter applies.
 *   Accepted for individuals only: many Valencia business owners are foreign residents.
 * - CIF: entity letter + 7 digits + control. The control is a digit or a letter
 *   (JABCDEFGHI[digit]) by the official algorithm; which form is allowed depends on the
 *   entity letter. The specification's pattern (letter + 8 digits) is the digit form.
 * Input is case-insensitive; spaces and hyphens people type are ignored, and so is the `ES`
 * country prefix of the EU VAT form (`ESB58378431`), which people copy from their invoices.
 * Checked against python-stdnum's test data (tax-id-stdnum-cases.ts).
 */
const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_ENTITY_LETTERS = 'ABCDEFGHJNPQRSUVW';
const CIF_CONTROL_LETTERS = 'JABCDEFGHI';
/** Entities whose control must be a letter (public bodies, non-resident entities, …). */
const CIF_LETTER_CONTROL = 'NPQRSW';
/** Entities whose control must be a digit (sociedades anónimas y limitadas, …). */
const CIF_DIGIT_CONTROL = 'ABEH';

export type TaxIdKind = 'nif' | 'nie' | 'cif';

export function normalizeTaxId(value: string): string {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  // No Spanish id starts with "ES" followed by 9 characters (E is a CIF entity letter, and a
  // digit comes after it), so the 11-character form is always the VAT prefix.
  return compact.length === 11 && compact.startsWith('ES') ? compact.slice(2) : compact;
}

/** The check letter of a NIF's (or, with X/Y/Z as 0/1/2, a NIE's) digits. */
export function nifLetterFor(digits: string): string {
  return NIF_LETTERS[Number(digits) % 23]!;
}

export function isValidNif(value: string): boolean {
  const v = normalizeTaxId(value);
  const m = /^(\d{8}|[KLM]\d{7})([A-Z])$/.exec(v);
  return m !== null && nifLetterFor(m[1]!.replace(/^[KLM]/, '')) === m[2];
}

export function isValidNie(value: string): boolean {
  const v = normalizeTaxId(value);
  const m = /^([XYZ])(\d{7})([A-Z])$/.exec(v);
  if (!m) return false;
  const prefix = String('XYZ'.indexOf(m[1]!));
  return nifLetterFor(prefix + m[2]!) === m[3];
}

/** The control digit of a CIF's 7 central digits. */
export function cifControlDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const n = Number(digits[i]);
    if (i % 2 === 1) {
      sum += n; // even positions (2nd, 4th, 6th) count as they are
    } else {
      const doubled = n * 2; // odd positions are doubled and their digits added
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidCif(value: string): boolean {
  const v = normalizeTaxId(value);
  const m = /^([A-Z])(\d{7})([0-9A-J])$/.exec(v);
  if (!m) return false;
  const [, entity, digits, control] = m as unknown as [string, string, string, string];
  if (!CIF_ENTITY_LETTERS.includes(entity)) return false;
  const digit = cifControlDigit(digits);
  const isDigitControl = /\d/.test(control);
  if (isDigitControl) {
    return !CIF_LETTER_CONTROL.includes(entity) && Number(control) === digit;
  }
  return !CIF_DIGIT_CONTROL.includes(entity) && CIF_CONTROL_LETTERS[digit] === control;
}

/**
 * Which identifier `value` is, or null when it is none of the accepted ones. NIE counts only
 * when the business is run by an individual.
 */
export function classifyTaxId(
  value: string,
  businessType: 'individual' | 'company' | 'cooperative' = 'individual',
): TaxIdKind | null {
  if (isValidCif(value)) return 'cif';
  if (isValidNif(value)) return 'nif';
  if (businessType === 'individual' && isValidNie(value)) return 'nie';
  return null;
}

export function isValidTaxId(
  value: string,
  businessType: 'individual' | 'company' | 'cooperative' = 'individual',
): boolean {
  return classifyTaxId(value, businessType) !== null;
}

/**
 * Why `value` is refused for this business type, or null when it is accepted. A valid NIE
 * given for a company is not a typo but the wrong business type: it gets its own message so
 * the form can say "choose Individual" instead of "enter a valid CIF or NIF".
 */
export type TaxIdError = 'invalidTaxId' | 'nieNeedsIndividual';

export function taxIdError(
  value: string,
  businessType: 'individual' | 'company' | 'cooperative' = 'individual',
): TaxIdError | null {
  if (classifyTaxId(value, businessType) !== null) return null;
  return businessType !== 'individual' && isValidNie(value) ? 'nieNeedsIndividual' : 'invalidTaxId';
}
