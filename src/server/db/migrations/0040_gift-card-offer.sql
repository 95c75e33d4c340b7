ALTER TABLE "gifts" DROP CONSTRAINT "gifts_validity_days_check";--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "kind" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "min_amount" integer;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "max_amount" integer;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "suggested_amounts" integer[];--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_kind_check" CHECK ("gifts"."kind" in ('fixed', 'card'));--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_card_offer_check" CHECK (("gifts"."kind" = 'fixed' and "gifts"."min_amount" is null and "gifts"."max_amount" is null and "gifts"."suggested_amounts" is null) or ("gifts"."kind" = 'card'
        and "gifts"."min_amount" is not null and "gifts"."max_amount" is not null
        and "gifts"."min_amount" between 500 and "gifts"."max_amount"
        and "gifts"."max_amount" <= 50000
        and "gifts"."price" = "gifts"."min_amount"
        and "gifts"."validity_days" between 365 and 730
        and ("gifts"."suggested_amounts" is null or (cardinality("gifts"."suggested_amounts") between 1 and 4
          and array_position("gifts"."suggested_amounts", null) is null
          and "gifts"."min_amount" <= all("gifts"."suggested_amounts") and "gifts"."max_amount" >= all("gifts"."suggested_amounts")))));--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_validity_days_check" CHECK ("gifts"."validity_days" between 30 and 365 or "gifts"."kind" = 'card');