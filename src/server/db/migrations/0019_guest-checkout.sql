ALTER TABLE "checkouts" ADD COLUMN "guest_name" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "guest_locale" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "checkouts_unclaimed_guest_idx" ON "checkouts" USING btree (lower("guest_email")) WHERE "checkouts"."guest_email" is not null and "checkouts"."claimed_at" is null;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_guest_complete" CHECK (("checkouts"."guest_email" is null and "checkouts"."guest_name" is null and "checkouts"."guest_locale" is null) or ("checkouts"."guest_email" is not null and "checkouts"."guest_name" is not null and "checkouts"."guest_locale" in ('en', 'es', 'va')));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_claim_is_guest" CHECK ("checkouts"."claimed_at" is null or "checkouts"."guest_email" is not null);