/** A user's text as a LIKE pattern that matches it literally anywhere (% and _ escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** …or at the end only (a redemption code's last characters). */
export function endsWithPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}`;
}
