-- Hand-written: two extensions and an SQL function, which drizzle's schema does not model.
-- Search that ignores accents and case and forgives small misspellings (ADR 078 bounds its cost):
-- "ceramica" finds "Cerámica", "Ruzafa" finds "Russafa". PGlite loads both extensions'
-- code itself (db/client.ts, pgliteExtensions); a PostgreSQL server has them as contrib.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The form both sides of a search are compared in: lower case, no accents (unaccent with its
-- dictionary named, the form PostgreSQL allows in an immutable function), z read as s and v
-- as b (Valencian and Spanish spellings of one place: Ruzafa / Russafa, and the b/v people
-- mix up), and doubled letters once (ss, ll, rr). Immutable so an index may use it later.
CREATE FUNCTION "search_fold"("value" text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT regexp_replace(
    translate(public.unaccent('public.unaccent'::regdictionary, lower("value")), 'zv', 'sb'),
    '([a-z])\1+', '\1', 'g')
$$;
