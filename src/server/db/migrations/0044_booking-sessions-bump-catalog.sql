-- Hand-written: the catalogue follows the bookings (ADR 105). Which gifts booked online are sold,
-- and their next free time, depend on the sessions, closed days, settings and the places left
-- in each slot, so a change to any of them renews cache_versions.catalog (ADR 037) as a change
-- to a gift does; deferred to commit for the same reason as those triggers (migration 0003).
CREATE CONSTRAINT TRIGGER "booking_sessions_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "booking_sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('catalog');
--> statement-breakpoint
CREATE TRIGGER "booking_sessions_truncate_bump_catalog_version" AFTER TRUNCATE ON "booking_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('catalog');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "booking_closed_days_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "booking_closed_days"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('catalog');
--> statement-breakpoint
CREATE TRIGGER "booking_closed_days_truncate_bump_catalog_version" AFTER TRUNCATE ON "booking_closed_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('catalog');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "booking_settings_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "booking_settings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('catalog');
--> statement-breakpoint
CREATE TRIGGER "booking_settings_truncate_bump_catalog_version" AFTER TRUNCATE ON "booking_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('catalog');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "booking_slots_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "booking_slots"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('catalog');
--> statement-breakpoint
CREATE TRIGGER "booking_slots_truncate_bump_catalog_version" AFTER TRUNCATE ON "booking_slots"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('catalog');
