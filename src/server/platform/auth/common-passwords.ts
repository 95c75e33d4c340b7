import list from './common-passwords.json';

/**
 * About twelve thousand passwords people pick first: the well-known favourites of leaked
 * lists (in English and Spanish), keyboard walks, digit runs, dates and word + year
 * patterns. Only entries of 8+ characters are listed, shorter ones are refused anyway.
 */
const common = new Set<string>(list as string[]);

export function isCommonPassword(password: string): boolean {
  return common.has(password.trim().toLowerCase());
}
