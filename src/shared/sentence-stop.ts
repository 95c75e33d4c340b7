/**
 * One full stop where a name ending in an abbreviation ends a sentence: "…for Orxateria La
 * Palmera S.L." rather than "S.L..". The text around a name cannot know how the name ends, so
 * both translation runtimes and the mails pass what they fill in through this. Kept free of
 * imports: every page loads it.
 */
export const oneFullStop = (text: string): string => text.replace(/((?:(?<![\p{L}\p{N}])\p{Lu}\.){2,})\./gu, '$1');
