/**
 * Contact rules shared by the form and the server: the name is required once trimmed, every
 * other field is optional and stored as null when left empty.
 */
export const CONTACT_LIMITS = {
  name: 100,
  phone: 30,
  email: 254,
  relationship: 60,
  notes: 1000,
} as const;

/** Trimmed text, or null when nothing is left: empty optional fields are stored as null. */
export function emptyToNull(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

// Digits with the separators people actually type (+34 612 345 678, (96) 123-45-67).
const PHONE_SHAPE = /^\+?[0-9 ().-]+$/;

export function isValidPhone(value: string): boolean {
  if (!PHONE_SHAPE.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

// Deliberately simple: one @, no spaces, a dot in the domain. The mail server is the real test.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_SHAPE.test(value);
}

/** What the add button checks: the name must contain something besides spaces. */
export function canSubmitContactName(name: string): boolean {
  return name.trim().length > 0;
}
