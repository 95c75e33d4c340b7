-- Valencian (`va`) is a language a person, and a gift's recipient, can choose (ADR 068).
-- The CHECKs list the languages of src/shared/locale.ts (LOCALES).
ALTER TABLE "users" DROP CONSTRAINT "users_locale_check";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('en', 'es', 'va'));--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_recipient_locale_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recipient_locale_check" CHECK ("orders"."recipient_locale" in ('en', 'es', 'va'));
