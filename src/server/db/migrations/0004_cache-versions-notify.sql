-- Hand-written: a trigger function and its triggers, which drizzle's schema does not model (ADR 043).
-- A server that asked for it hears every new cache_versions value at commit (ADR 043), so it
-- can hold the versions in memory instead of reading the row on each request. Only PGlite asks
-- (its one server is its only connection; `regalo.cache_versions_notify` is set on its session):
-- PostgreSQL servers keep reading the row, and their commits take no NOTIFY lock.
CREATE FUNCTION "notify_cache_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('regalo.cache_versions_notify', true) IS DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('regalo_cache_versions', NEW.catalog || ' ' || NEW.auth);
  ELSE
    -- Deleted or truncated: the listener reads the row again before trusting any value.
    PERFORM pg_notify('regalo_cache_versions', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cache_versions_notify" AFTER INSERT OR UPDATE OR DELETE ON "cache_versions"
  FOR EACH ROW EXECUTE FUNCTION "notify_cache_versions"();
--> statement-breakpoint
CREATE TRIGGER "cache_versions_truncate_notify" AFTER TRUNCATE ON "cache_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_cache_versions"();
