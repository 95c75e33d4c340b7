CREATE TABLE "cache_versions" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"catalog" text NOT NULL,
	"auth" text NOT NULL,
	CONSTRAINT "cache_versions_single_row" CHECK ("cache_versions"."id" = 1)
);
--> statement-breakpoint
-- Hand-written: the one cache_versions row and the triggers that renew it; drizzle's schema models neither (ADR 037).
INSERT INTO "cache_versions" ("id", "catalog", "auth") VALUES (1, gen_random_uuid()::text, gen_random_uuid()::text);
--> statement-breakpoint
-- Gives cache_versions.<kind> a new random value in the transaction that fired it (ADR 037).
-- Once per transaction and kind is enough: the new value commits together with every change
-- the transaction makes. The row is recreated when missing (a wiped table).
CREATE FUNCTION "bump_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  flag text := 'regalo.cache_bumped_' || TG_ARGV[0];
BEGIN
  IF current_setting(flag, true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config(flag, 'yes', true);
  IF kind = 'catalog' THEN
    INSERT INTO cache_versions (id, catalog, auth) VALUES (1, gen_random_uuid()::text, gen_random_uuid()::text)
      ON CONFLICT (id) DO UPDATE SET catalog = excluded.catalog;
  ELSIF kind = 'auth' THEN
    INSERT INTO cache_versions (id, catalog, auth) VALUES (1, gen_random_uuid()::text, gen_random_uuid()::text)
      ON CONFLICT (id) DO UPDATE SET auth = excluded.auth;
  ELSE
    RAISE EXCEPTION 'bump_cache_version: unknown kind %', kind;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deferred to commit, so a transaction takes the row's lock last and holds it only while it
-- commits: two writers can never each hold a lock the other waits for.
CREATE CONSTRAINT TRIGGER "gifts_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "gifts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('catalog');
--> statement-breakpoint
CREATE TRIGGER "gifts_truncate_bump_catalog_version" AFTER TRUNCATE ON "gifts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('catalog');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "businesses_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "businesses"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('catalog');
--> statement-breakpoint
CREATE TRIGGER "businesses_truncate_bump_catalog_version" AFTER TRUNCATE ON "businesses"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('catalog');
--> statement-breakpoint
-- A new user or session is in no cache yet: only changes and deletions count.
CREATE CONSTRAINT TRIGGER "users_bump_auth_version" AFTER UPDATE OR DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('auth');
--> statement-breakpoint
CREATE TRIGGER "users_truncate_bump_auth_version" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('auth');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sessions_bump_auth_version" AFTER UPDATE OR DELETE ON "sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('auth');
--> statement-breakpoint
CREATE TRIGGER "sessions_truncate_bump_auth_version" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('auth');
