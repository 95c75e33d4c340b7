/** Small helpers for building queries from user input, shared by every feature. */

/** `ILIKE` pattern for a user's search text, with the wildcards in it taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Malformed ids are simply "not found", never a database error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
