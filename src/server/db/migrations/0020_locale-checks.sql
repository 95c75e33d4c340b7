-- Hand-written: a data move (rows in a language outside the new checks are read as English).
-- Rows written before the checks (none are expected) are read as English, the fallback language.
UPDATE "listing_reports" SET "reporter_locale" = 'en' WHERE "reporter_locale" NOT IN ('en', 'es', 'va');--> statement-breakpoint
UPDATE "mail_outbox" SET "locale" = 'en' WHERE "locale" NOT IN ('en', 'es', 'va');--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_reporter_locale_check" CHECK ("listing_reports"."reporter_locale" in ('en', 'es', 'va'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_locale_check" CHECK ("mail_outbox"."locale" in ('en', 'es', 'va'));
