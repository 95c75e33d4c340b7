CREATE TABLE "business_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_slug_history" (
	"business_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"gift_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_slug_history_business_id_slug_pk" PRIMARY KEY("business_id","slug")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "slug" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "district" text;
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "slug" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "for_two" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "business_slug_history" ADD CONSTRAINT "business_slug_history_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "gift_slug_history" ADD CONSTRAINT "gift_slug_history_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "gift_slug_history" ADD CONSTRAINT "gift_slug_history_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_district_check" CHECK ("businesses"."district" in ('ciutat_vella', 'eixample', 'extramurs', 'campanar', 'saidia', 'pla_del_real', 'olivereta', 'patraix', 'jesus', 'quatre_carreres', 'poblats_maritims', 'camins_al_grau', 'algiros', 'benimaclet', 'rascanya', 'benicalap', 'pobles_del_nord', 'pobles_de_l_oest', 'pobles_del_sud'));
--> statement-breakpoint
-- Hand-written: the slug functions and triggers and the slugs of existing rows, which drizzle's schema does not model (ADR 067).
-- Shop addresses (ADR 067): `/b/<business slug>/<gift slug>`, made here from the
-- names so every way a row is written (registration, the dashboard, the seed, an admin's SQL)
-- gets one. Lower case, no accents, words joined by hyphens, at most 60 characters.
CREATE FUNCTION "slugify"("value" text, "fallback" text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(nullif(trim(both '-' from left(regexp_replace(
    lower(public.unaccent('public.unaccent'::regdictionary, replace("value", '·', ''))),
    '[^a-z0-9]+', '-', 'g'), 60)), ''), "fallback")
$$;
--> statement-breakpoint
-- A business's slug follows its name: on insert, and on a rename, when the old slug goes to
-- business_slug_history (so old links answer 301). A slug is never one another business has
-- now or had before (its old links keep pointing at it); taken ones get -2, -3… The advisory
-- lock makes two transactions naming two businesses alike take turns (PostgreSQL), so the
-- second sees the first's slug instead of failing on the unique index.
CREATE FUNCTION "businesses_slug"() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  base text;
  candidate text;
  n integer := 1;
BEGIN
  IF NOT (NEW.slug = '' OR (TG_OP = 'UPDATE' AND NEW.name IS DISTINCT FROM OLD.name)) THEN
    RETURN NEW;
  END IF;
  base := slugify(NEW.name, 'shop');
  IF TG_OP = 'UPDATE' AND OLD.slug <> '' AND base = slugify(OLD.name, 'shop') THEN
    NEW.slug := OLD.slug;
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('business-slug:' || base));
  candidate := base;
  WHILE EXISTS (SELECT 1 FROM businesses b WHERE b.slug = candidate AND b.id <> NEW.id)
     OR EXISTS (SELECT 1 FROM business_slug_history h WHERE h.slug = candidate AND h.business_id <> NEW.id) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  IF TG_OP = 'UPDATE' AND OLD.slug <> '' AND OLD.slug <> candidate THEN
    INSERT INTO business_slug_history (slug, business_id) VALUES (OLD.slug, NEW.id)
      ON CONFLICT (slug) DO UPDATE SET business_id = excluded.business_id, created_at = now();
  END IF;
  DELETE FROM business_slug_history WHERE slug = candidate;
  NEW.slug := candidate;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "businesses_slug" BEFORE INSERT OR UPDATE OF "name", "slug" ON "businesses"
  FOR EACH ROW EXECUTE FUNCTION "businesses_slug"();
--> statement-breakpoint
-- The same for a gift, unique within its business, with gift_slug_history.
CREATE FUNCTION "gifts_slug"() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  base text;
  candidate text;
  n integer := 1;
BEGIN
  IF NOT (NEW.slug = '' OR (TG_OP = 'UPDATE' AND NEW.name IS DISTINCT FROM OLD.name)) THEN
    RETURN NEW;
  END IF;
  base := slugify(NEW.name, 'gift');
  IF TG_OP = 'UPDATE' AND OLD.slug <> '' AND base = slugify(OLD.name, 'gift') THEN
    NEW.slug := OLD.slug;
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('gift-slug:' || NEW.business_id::text || ':' || base));
  candidate := base;
  WHILE EXISTS (SELECT 1 FROM gifts g WHERE g.business_id = NEW.business_id AND g.slug = candidate AND g.id <> NEW.id)
     OR EXISTS (SELECT 1 FROM gift_slug_history h WHERE h.business_id = NEW.business_id AND h.slug = candidate AND h.gift_id <> NEW.id) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  IF TG_OP = 'UPDATE' AND OLD.slug <> '' AND OLD.slug <> candidate THEN
    INSERT INTO gift_slug_history (business_id, slug, gift_id) VALUES (NEW.business_id, OLD.slug, NEW.id)
      ON CONFLICT (business_id, slug) DO UPDATE SET gift_id = excluded.gift_id, created_at = now();
  END IF;
  DELETE FROM gift_slug_history WHERE business_id = NEW.business_id AND slug = candidate;
  NEW.slug := candidate;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "gifts_slug" BEFORE INSERT OR UPDATE OF "name", "slug" ON "gifts"
  FOR EACH ROW EXECUTE FUNCTION "gifts_slug"();
--> statement-breakpoint
-- Existing rows, oldest first (the oldest keeps the plain slug).
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT id FROM businesses ORDER BY created_at, id LOOP
    UPDATE businesses SET slug = '' WHERE id = r.id;
  END LOOP;
  FOR r IN SELECT id FROM gifts ORDER BY created_at, id LOOP
    UPDATE gifts SET slug = '' WHERE id = r.id;
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_slug_unique" ON "businesses" USING btree ("slug");
--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_business_slug_unique" ON "gifts" USING btree ("business_id","slug");
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_slug_shape" CHECK ("businesses"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');
--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_slug_shape" CHECK ("gifts"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');
