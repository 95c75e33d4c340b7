/**
 * Valencian "de" before a name or a month: apostrophised before a vowel or a silent h
 * ("d’Orxateria La Palmera", "d’Horchatería Daniel", "d’abril"), as a careful writer does
 * (AVL); "de" otherwise. Kept free of imports: both translation runtimes use it.
 */
const startsWithVowelSound = (word: string) => /^h?[aeiouàèéíïòóúü]/i.test(word);

export const de = (word: string): string => (startsWithVowelSound(word) ? `d’${word}` : `de ${word}`);

/**
 * A Valencian catalogue text with its `de {{name}}` written `d’` when the value filled in
 * starts with a vowel sound: the catalogue cannot know the business's name. Runs before the
 * placeholders are filled; a text without such a "de" comes back as it was.
 */
export function elideDeBefore(template: string, values: Readonly<Record<string, unknown>>): string {
  return template.replace(/(?<![\p{L}\p{N}])([Dd])e \{\{\s*([\w.-]+)\s*\}\}/gu, (whole, d: string, name: string) => {
    const value = values[name];
    return typeof value === 'string' && startsWithVowelSound(value) ? `${d}’{{${name}}}` : whole;
  });
}
