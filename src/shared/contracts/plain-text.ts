import type { z } from 'zod';

/**
 * Free text as people type it, for every text field of every form (checked by the form and
 * again by the server, as each contract is). A name, an address, an email and every other
 * one-line field holds no control character at all: a line break there would start a new
 * line in a mail's text or header, and a tab, a NUL or an escape code has no business in a
 * name. A message, notes or a description keep their line breaks (CR, LF) and nothing else
 * of the kind. The field error is a code every form's catalogue translates.
 */
export const plainTextFieldErrors = {
  /** A one-line field with a line break, tab or other control character. */
  controlCharacter: 'control_character',
  /** A many-line field with a control character other than a line break. */
  controlCharacterInText: 'control_character_in_text',
} as const;

// Unicode's control characters (C0, DEL, C1), and the line and paragraph separators, which
// some mail readers and terminals end a line at.
const ONE_LINE_FORBIDDEN = /[\p{Cc}\u2028\u2029]/u;
// The same but carriage return and line feed.
const MANY_LINES_FORBIDDEN = /[^\P{Cc}\r\n]|[\u2028\u2029]/u;

/** Text for a one-line field: no control character of any kind. */
export function isSingleLineText(value: string): boolean {
  return !ONE_LINE_FORBIDDEN.test(value);
}

/** `value` as one line: each run of control characters becomes one space (for names from elsewhere, e.g. Google). */
export function asSingleLine(value: string): string {
  return value.replace(new RegExp(ONE_LINE_FORBIDDEN.source + '+', 'gu'), ' ').trim();
}

/** Text for a many-line field: line breaks, and no other control character. */
export function isMultiLineText(value: string): boolean {
  return !MANY_LINES_FORBIDDEN.test(value);
}

/** `schema` (a string schema) refusing any control character, with `control_character`. */
export function singleLine<T extends z.ZodString>(schema: T): T {
  return schema.refine(isSingleLineText, { error: plainTextFieldErrors.controlCharacter });
}

/** `schema` (a string schema) keeping line breaks and refusing other control characters. */
export function multiLine<T extends z.ZodString>(schema: T): T {
  return schema.refine(isMultiLineText, { error: plainTextFieldErrors.controlCharacterInText });
}
