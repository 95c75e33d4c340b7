ALTER TABLE "businesses" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "businesses_search_text_trgm_idx" ON "businesses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gifts_search_text_trgm_idx" ON "gifts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Hand-written: from here on, functions, triggers and a data move drizzle's schema does not model. The texts the catalogue's searches read, folded once when they are
-- written instead of for every row of every search: a search then folds only the words typed,
-- and the trigram indexes above can answer it. A gift's text holds its name and description in
-- every language the business wrote them in (ADR 073) and its business's name and address; a
-- business's, its name, description in every language and address.
-- A JSONB map of texts per language as one text, the values only (the keys are not searched).
CREATE FUNCTION "localized_texts_joined"("texts" jsonb) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(string_agg(value, ' '), '') FROM jsonb_each_text("texts")
$$;
--> statement-breakpoint
CREATE FUNCTION "gift_search_text"("name" text, "description" text, "name_translations" jsonb, "description_translations" jsonb, "business_id" uuid) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT search_fold(concat_ws(' ', "name", "description", localized_texts_joined("name_translations"),
    localized_texts_joined("description_translations"),
    (SELECT b."name" || ' ' || b."address" FROM "businesses" b WHERE b."id" = "business_id")))
$$;
--> statement-breakpoint
CREATE FUNCTION "gifts_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_text" := gift_search_text(NEW."name", NEW."description", NEW."name_translations", NEW."description_translations", NEW."business_id");
  RETURN NEW;
END $$;
--> statement-breakpoint
-- search_text itself is in the list, so a write to it is replaced by the real text.
CREATE TRIGGER "gifts_search_text" BEFORE INSERT OR UPDATE OF "name", "description", "name_translations", "description_translations", "business_id", "search_text" ON "gifts"
  FOR EACH ROW EXECUTE FUNCTION "gifts_search_text"();
--> statement-breakpoint
CREATE FUNCTION "businesses_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_text" := search_fold(concat_ws(' ', NEW."name", NEW."description", localized_texts_joined(NEW."description_translations"), NEW."address"));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "businesses_search_text" BEFORE INSERT OR UPDATE OF "name", "description", "description_translations", "address", "search_text" ON "businesses"
  FOR EACH ROW EXECUTE FUNCTION "businesses_search_text"();
--> statement-breakpoint
-- A gift's text names its business: renaming or moving the business rewrites its gifts' texts.
CREATE FUNCTION "businesses_gifts_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "gifts" SET "search_text" = gift_search_text("name", "description", "name_translations", "description_translations", "business_id")
  WHERE "business_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "businesses_gifts_search_text" AFTER UPDATE OF "name", "address" ON "businesses"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."address" IS DISTINCT FROM NEW."address")
  EXECUTE FUNCTION "businesses_gifts_search_text"();
--> statement-breakpoint
-- The rows already there (the triggers compute the texts).
UPDATE "businesses" SET "search_text" = '';
--> statement-breakpoint
UPDATE "gifts" SET "search_text" = '';
