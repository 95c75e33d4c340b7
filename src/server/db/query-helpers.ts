import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

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

/** Below this many letters, trigrams match too much ("pan" would find "paella"). */
const FUZZY_MIN_LENGTH = 4;
/**
 * How close the search text must come to some run of words in a column (pg_trgm's
 * word_similarity, 0-1). 0.5 lets one wrong or missing letter through ("ceramca" → 0.63,
 * "paela" → 0.67) and keeps unrelated words out ("vino" against "el vi de la casa" → 0.4).
 */
const FUZZY_THRESHOLD = 0.5;

/**
 * A person's search text against one or more columns, the way people type: accents, case, z/s,
 * v/b and doubled letters ignored (`search_fold`, migration 0006), and small misspellings
 * forgiven by trigram similarity. "ceramica" finds "Cerámica", "Ruzafa" finds "Russafa",
 * "horchateria" finds "Horchatería". Null columns never match.
 *
 * Word by word: every word typed must be found (as typed, or nearly) in one of the columns.
 * Compared as one phrase, a long search that differs from a long name in one word only (the
 * one that tells them apart: "Coca de llanda de Ana" against "Coca de llanda de Pep") came
 * out similar enough to match; word by word, "Pep" is not near "Ana". It also lets a search
 * name the gift and the business at once ("paella russafa").
 */
export function matchesSearch(text: string, columns: (AnyColumn | SQL)[]): SQL {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const perWord = (words.length > 0 ? words : [text]).map((word) => {
    const query = sql`search_fold(${word}::text)`;
    const perColumn = columns.map((column) => {
      const folded = sql`search_fold(${column})`;
      return sql`(strpos(${folded}, ${query}) > 0 or (length(${query}) >= ${FUZZY_MIN_LENGTH} and word_similarity(${query}, ${folded}) >= ${FUZZY_THRESHOLD}))`;
    });
    return sql`(${sql.join(perColumn, sql` or `)})`;
  });
  return sql`(${sql.join(perWord, sql` and `)})`;
}

/**
 * A JSONB map of texts per language (ADR 073) as one text, every language's text joined, so a
 * search matches what the business wrote in any language (the keys are not searched).
 */
export function localizedTextsForSearch(column: AnyColumn): SQL {
  return sql`(select coalesce(string_agg(value, ' '), '') from jsonb_each_text(${column}))`;
}
