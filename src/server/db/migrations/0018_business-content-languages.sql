ALTER TABLE "businesses" ADD COLUMN "own_locale" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "description_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "description_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_own_locale_check" CHECK ("businesses"."own_locale" in ('en', 'es', 'va'));--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_description_translations_check" CHECK (jsonb_typeof("businesses"."description_translations") = 'object' and "businesses"."description_translations" - array['en', 'es', 'va'] = '{}'::jsonb);--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_name_translations_check" CHECK (jsonb_typeof("gifts"."name_translations") = 'object' and "gifts"."name_translations" - array['en', 'es', 'va'] = '{}'::jsonb);--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_description_translations_check" CHECK (jsonb_typeof("gifts"."description_translations") = 'object' and "gifts"."description_translations" - array['en', 'es', 'va'] = '{}'::jsonb);
