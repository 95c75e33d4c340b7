/**
 * The first word of a person's name, as a gift is signed and as mail greets a giver ("Ana" for
 * "Ana María García"). A blank name gives an empty string; callers choose their own fallback.
 */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0]!;
}
