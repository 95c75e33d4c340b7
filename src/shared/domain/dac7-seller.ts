import { classifyTaxId } from './tax-id';
import { zonedParts } from './validity';

/**
 * What DAC7 (Directive 2021/514, Annex V) asks a platform to know of each seller, beyond the
 * invoicing data (ADR 100): the rules shared by the owner's form, the server and the admin's
 * list of sellers still missing something before the report is due.
 */

/** The Union's Member States (ISO 3166-1 alpha-2; Greece is GR here, EL only in VAT numbers). */
export const EU_MEMBER_STATES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;
export type MemberState = (typeof EU_MEMBER_STATES)[number];

/**
 * Every tax id the project accepts is Spanish (tax-id.ts checks a NIF, NIE or CIF by its check
 * character), so Spain is the Member State that issued it: stated in the export, not asked.
 */
export const TAX_ID_ISSUING_STATE: MemberState = 'ES';

// ---------------------------------------------------------------------------------------
// IBAN (ISO 13616)

/**
 * Each country's BBAN structure from SWIFT's IBAN registry (as python-stdnum's iban.dat
 * carries it): `n` digits, `a` capital letters, `c` letters or digits, `!` fixed length.
 * Its length is the IBAN's length less the 4 characters of country and check digits.
 */
const BBAN_FORMATS: Record<string, string> = {
  AL: '8!n16!c', AD: '4!n4!n12!c', AT: '5!n11!n', AZ: '4!a20!c', BH: '4!a14!c', BE: '3!n7!n2!n',
  BA: '3!n3!n8!n2!n', BR: '8!n5!n10!n1!a1!c', BG: '4!a4!n2!n8!c', CR: '3!n14!n', HR: '7!n10!n',
  CY: '3!n5!n16!c', CZ: '4!n6!n10!n', DK: '4!n9!n1!n', FO: '4!n9!n1!n', GL: '4!n9!n1!n',
  DO: '4!c20!n', EE: '2!n2!n11!n1!n', FI: '6!n7!n1!n', FR: '5!n5!n11!c2!n', GE: '2!a16!n',
  DE: '8!n10!n', GI: '4!a15!c', GR: '3!n4!n16!c', GT: '4!c20!c', HU: '3!n4!n1!n15!n1!n',
  IS: '4!n2!n6!n10!n', IE: '4!a6!n8!n', IL: '3!n3!n13!n', IT: '1!a5!n5!n12!c', JO: '4!a4!n18!c',
  KZ: '3!n13!c', XK: '4!n10!n2!n', KW: '4!a22!c', LV: '4!a13!c', LB: '4!n20!c', LI: '5!n12!c',
  LT: '5!n11!n', LU: '3!n13!c', MK: '3!n10!c2!n', MT: '4!a5!n18!c', MR: '5!n5!n11!n2!n',
  MU: '4!a2!n2!n12!n3!n3!a', MD: '2!c18!c', MC: '5!n5!n11!c2!n', ME: '3!n13!n2!n', NL: '4!a10!n',
  NO: '4!n6!n1!n', PK: '4!a16!c', PS: '4!a21!c', PL: '8!n16!n', PT: '4!n4!n11!n2!n', QA: '4!a21!c',
  RO: '4!a16!c', LC: '4!a24!c', SM: '1!a5!n5!n12!c', ST: '8!n11!n2!n', SA: '2!n18!c', RS: '3!n13!n2!n',
  SK: '4!n6!n10!n', SI: '5!n8!n2!n', ES: '4!n4!n1!n1!n10!n', SE: '3!n16!n1!n', CH: '5!n12!c',
  TL: '3!n14!n2!n', TN: '2!n3!n13!n2!n', TR: '5!n1!n16!c', AE: '3!n16!n', GB: '4!a6!n8!n', VG: '4!a16!n',
};

const bbanPatterns = new Map<string, RegExp>();
function bbanPattern(country: string): RegExp | undefined {
  const format = BBAN_FORMATS[country];
  if (!format) return undefined;
  let pattern = bbanPatterns.get(country);
  if (!pattern) {
    const classes = { n: '[0-9]', a: '[A-Z]', c: '[A-Z0-9]' } as const;
    const body = [...format.matchAll(/(\d+)!?([nac])/g)].map(([, count, kind]) => `${classes[kind as 'n']}{${count}}`).join('');
    bbanPatterns.set(country, (pattern = new RegExp(`^${body}$`)));
  }
  return pattern;
}

/** As people copy it: spaces, hyphens and dots out, capitals. */
export function normalizeIban(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** ISO 7064 MOD 97-10 over the IBAN with its first four characters moved to the end. */
export function ibanChecksumHolds(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55); // A = 10 … Z = 35
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/**
 * A Spanish account number's own two check digits (the CCC's "dígitos de control"): the first
 * over bank and branch, the second over the account, weights 1 2 4 8 5 10 9 7 3 6 mod 11.
 * They catch typos the IBAN's mod 97 lets through when its check digits were recomputed.
 */
function spanishAccountDigitsHold(bban: string): boolean {
  const weights = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const digit = (digits: string) => {
    const sum = [...digits].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
    const d = 11 - (sum % 11);
    return d === 11 ? 0 : d === 10 ? 1 : d;
  };
  return `${digit(`00${bban.slice(0, 8)}`)}${digit(bban.slice(10))}` === bban.slice(8, 10);
}

export type IbanError = 'invalidIban' | 'ibanCountry' | 'ibanLength';

/**
 * Why `value` is not an IBAN, or null when it is one: a country of SWIFT's registry, that
 * country's length and BBAN shape, check digits by MOD 97-10 (ISO 13616) and, for Spain, the
 * account number's own check digits.
 */
export function ibanError(value: string): IbanError | null {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) return 'invalidIban';
  const country = iban.slice(0, 2);
  const pattern = bbanPattern(country);
  if (!pattern) return 'ibanCountry';
  const bban = iban.slice(4);
  if (bban.length !== BBAN_FORMATS[country]!.match(/\d+/g)!.reduce((s, n) => s + Number(n), 0)) return 'ibanLength';
  if (!pattern.test(bban) || !ibanChecksumHolds(iban)) return 'invalidIban';
  if (country === 'ES' && !spanishAccountDigitsHold(bban)) return 'invalidIban';
  return null;
}

export const isValidIban = (value: string) => ibanError(value) === null;

/** Grouped by four, as banks print it: "ES91 2100 0418 4502 0005 1332". */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

// ---------------------------------------------------------------------------------------
// VAT identification number

/** VAT numbers carry the state's prefix; Greece's is EL, not its ISO code. */
const VAT_PREFIXES: readonly string[] = EU_MEMBER_STATES.map((state) => (state === 'GR' ? 'EL' : state));

export function normalizeVatNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

export type VatNumberError = 'invalidVatNumber' | 'vatNumberCountry';

/**
 * Why `value` is not a VAT identification number, or null when it is one. It must start with
 * a Member State's prefix; a Spanish one (ES) is a NIF, NIE or CIF checked by its check
 * character, the rules the project already keeps (tax-id.ts, python-stdnum's data). Other
 * states' numbers are checked only for their shape (2 to 12 letters or digits): the project
 * keeps no check-digit rules for them, and a Valencia business's VAT number is Spanish.
 */
export function vatNumberError(value: string): VatNumberError | null {
  const vat = normalizeVatNumber(value);
  const prefix = vat.slice(0, 2);
  if (!VAT_PREFIXES.includes(prefix)) return 'vatNumberCountry';
  const body = vat.slice(2);
  if (prefix === 'ES') return classifyTaxId(body, 'individual') === null ? 'invalidVatNumber' : null;
  return /^[A-Z0-9+*]{2,12}$/.test(body) ? null : 'invalidVatNumber';
}

// ---------------------------------------------------------------------------------------
// Date of birth

/** Of age to run a business on one's own in Spain; older than this is surely a typo. */
export const ADULT_AGE = 18;
export const OLDEST_AGE = 120;

export type BirthDateError = 'invalidDate' | 'notAdult' | 'tooOld';

/** The calendar day in Madrid of an instant, `YYYY-MM-DD`. */
export function madridDayOf(instant: Date): string {
  const p = zonedParts(instant);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/**
 * Why `value` (`YYYY-MM-DD`) is not the birth date of an adult on `today` (a Madrid day), or
 * null. A real calendar day (no 31 April, 29 February only in leap years), in the past, at
 * least 18 years before today (born 29 Feb: of age on 1 March in a common year).
 */
export function birthDateError(value: string, today: string): BirthDateError | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return 'invalidDate';
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return 'invalidDate';
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  // The day the person comes of age: the same month and day, 18 years on (Date rolls 29 Feb to 1 Mar).
  const ofAge = new Date(Date.UTC(year + ADULT_AGE, month - 1, day));
  const todayUtc = Date.UTC(ty, tm - 1, td);
  if (value >= today || ofAge.getTime() > todayUtc) return 'notAdult';
  if (Date.UTC(year + OLDEST_AGE, month - 1, day) <= todayUtc) return 'tooOld';
  return null;
}

// ---------------------------------------------------------------------------------------
// What the report needs

/**
 * The fields a DAC7 report needs of a seller (Annex V, section II A and section III B(2)),
 * by the business's type. Individuals (sole traders): first and last name, date of birth;
 * entities: legal name and business registration number. Both: primary address (the fiscal
 * address), TIN (the tax id, always present), and the financial account the consideration is
 * paid to with its holder's name. The VAT number and permanent establishments are reported
 * "where available": never missing.
 */
export const dac7SellerFields = ['firstName', 'lastName', 'birthDate', 'legalName', 'fiscalAddress', 'businessRegistrationNumber', 'iban', 'ibanHolder'] as const;
export type Dac7SellerField = (typeof dac7SellerFields)[number];

export interface Dac7SellerData {
  businessType: string;
  legalName: string | null;
  fiscalAddress: string | null;
  businessRegistrationNumber: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  ownerBirthDate: string | null;
  iban: string | null;
  ibanHolder: string | null;
}

export function requiredDac7Fields(businessType: string): Dac7SellerField[] {
  return businessType === 'individual'
    ? ['firstName', 'lastName', 'birthDate', 'fiscalAddress', 'iban', 'ibanHolder']
    : ['legalName', 'fiscalAddress', 'businessRegistrationNumber', 'iban', 'ibanHolder'];
}

/** What the DAC7 report still lacks of this seller (empty: it can be reported in full). */
export function missingDac7Fields(seller: Dac7SellerData): Dac7SellerField[] {
  const value: Record<Dac7SellerField, string | null> = {
    firstName: seller.ownerFirstName,
    lastName: seller.ownerLastName,
    birthDate: seller.ownerBirthDate,
    legalName: seller.legalName,
    fiscalAddress: seller.fiscalAddress,
    businessRegistrationNumber: seller.businessRegistrationNumber,
    iban: seller.iban,
    ibanHolder: seller.ibanHolder,
  };
  return requiredDac7Fields(seller.businessType).filter((field) => !value[field] || value[field].trim() === '');
}

/** A year's DAC7 report is due by 31 January of the next year (Annex V, section III C). */
export function dac7DueDate(year: number): string {
  return `${year + 1}-01-31`;
}
