CREATE TABLE "business_signup_drafts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"had_photo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "booking_url" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "opening_hours" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "booking_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "party_size" integer;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "valid_weekdays" integer[];--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "conditions" text;--> statement-breakpoint
ALTER TABLE "business_signup_drafts" ADD CONSTRAINT "business_signup_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_booking_url_https" CHECK ("businesses"."booking_url" is null or "businesses"."booking_url" like 'https://%');--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_party_size_check" CHECK ("gifts"."party_size" is null or "gifts"."party_size" between 1 and 20);--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_valid_weekdays_check" CHECK ("gifts"."valid_weekdays" is null or (cardinality("gifts"."valid_weekdays") between 1 and 6 and "gifts"."valid_weekdays" <@ array[1,2,3,4,5,6,7]));