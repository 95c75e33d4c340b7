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
 * Above this many letters a word is found only as typed (folded). Comparing a word by trigrams
 * costs in proportion to its length times the text's, and a made-up word of 100 letters took
 * seconds over the catalogue; no word people search for is this long ("electrodomesticos" is 17).
 */
export const FUZZY_MAX_LENGTH = 20;
/**
 * Only this many words of a search are forgiven misspellings; the others are found as typed.
 * Each forgiven word is one more trigram comparison per row, so a search of many such words
 * would cost as many times a one-word search.
 */
export const FUZZY_MAX_WORDS = 2;
/**
 * How close the search text must come to some run of words in a column (pg_trgm's
 * word_similarity, 0-1). 0.5 lets one wrong or missing letter through ("ceramca" → 0.63,
 * "paela" → 0.67) and keeps unrelated words out ("vino" against "el vi de la casa" → 0.4).
 */
export const FUZZY_THRESHOLD = 0.5;

/**
 * The words of a search, and whether each may be matched by trigrams: a word of FUZZY_MIN_LENGTH
 * to FUZZY_MAX_LENGTH letters once folded, among the first FUZZY_MAX_WORDS such words.
 * The length is of the word folded roughly as `search_fold` does (marks dropped, doubled letters
 * once), so "llar" counts three letters, as the database sees it.
 */
export function searchWords(text: string): { word: string; fuzzy: boolean }[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  let fuzzyLeft = FUZZY_MAX_WORDS;
  return (words.length > 0 ? words : [text]).map((word) => {
    const letters = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/([a-z])\1+/g, '$1').length;
    const fuzzy = letters >= FUZZY_MIN_LENGTH && letters <= FUZZY_MAX_LENGTH && fuzzyLeft > 0;
    if (fuzzy) fuzzyLeft--;
    return { word, fuzzy };
  });
}

/**
 * A person's search text against one or more columns, the way people type: accents, case, z/s,
 * v/b and doubled letters ignored (`search_fold`, migration 0006), and small misspellings
 * forgiven by trigram similarity. "ceramica" finds "Cerámica", "Ruzafa" finds "Russafa",
 * "horchateria" finds "Horchatería". Null columns never match. The columns are folded row by
 * row: for a few short columns behind the team's sign-in (the admin's searches); the
 * catalogue's searches read texts folded in advance (`matchesFoldedSearch`).
 *
 * Word by word: every word typed must be found (as typed, or nearly) in one of the columns.
 * Compared as one phrase, a long search that differs from a long name in one word only (the
 * one that tells them apart: "Coca de llanda de Ana" against "Coca de llanda de Pep") came
 * out similar enough to match; word by word, "Pep" is not near "Ana". It also lets a search
 * name the gift and the business at once ("paella russafa").
 */
export function matchesSearch(text: string, columns: (AnyColumn | SQL)[]): SQL {
  const perWord = searchWords(text).map(({ word, fuzzy }) => {
    const query = sql`search_fold(${word}::text)`;
    const perColumn = columns.map((column) => {
      const folded = sql`search_fold(${column})`;
      if (!fuzzy) return sql`(strpos(${folded}, ${query}) > 0)`;
      return sql`(strpos(${folded}, ${query}) > 0 or (length(${query}) >= ${FUZZY_MIN_LENGTH} and word_similarity(${query}, ${folded}) >= ${FUZZY_THRESHOLD}))`;
    });
    return sql`(${sql.join(perColumn, sql` or `)})`;
  });
  return sql`(${sql.join(perWord, sql` and `)})`;
}

/**
 * The same search against a text already folded by `search_fold` (`gifts.search_text`,
 * `businesses.search_text`, kept by triggers), written so the column's trigram index can answer
 * it: `LIKE '%word%'` for the word as typed and `<%` (word_similarity ≥ the
 * `pg_trgm.word_similarity_threshold` setting) for a near one. Run it where `searchSettings`
 * has set that threshold to FUZZY_THRESHOLD (its default, 0.6, would forgive less).
 */
export function matchesFoldedSearch(text: string, folded: AnyColumn): SQL {
  const perWord = searchWords(text).map(({ word, fuzzy }) => {
    const query = sql`search_fold(${word}::text)`;
    // The folded word taken literally by LIKE (its own %, _ and \ are not wildcards).
    const contains = sql`${folded} like ('%' || replace(replace(replace(${query}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`;
    return fuzzy ? sql`(${contains} or ${query} <% ${folded})` : sql`(${contains})`;
  });
  return sql`(${sql.join(perWord, sql` and `)})`;
}

/**
 * The settings `matchesFoldedSearch` needs, for the transaction it runs in (set_config's third
 * argument: they end with it): the trigram threshold, and each statement planned for the words
 * it was given (`force_custom_plan`: in a prepared statement's generic plan `search_fold($1)`
 * would be folded again for every row, and the planner could not weigh the trigram index by
 * the word). Also a bound on how long any statement of that transaction may run: PostgreSQL
 * cancels it after `statementTimeoutMs` (an error answered 503).
 */
export function searchSettings(statementTimeoutMs: number): SQL {
  return sql`select set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true), set_config('plan_cache_mode', 'force_custom_plan', true), set_config('statement_timeout', ${String(statementTimeoutMs)}, true)`;
}
