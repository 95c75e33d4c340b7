ALTER TABLE "businesses" ADD COLUMN "owner_first_name" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "owner_last_name" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "owner_birth_date" date;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "permanent_establishments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "iban_holder" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_iban_shape" CHECK ("businesses"."iban" is null or "businesses"."iban" ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$');--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_permanent_establishments_array" CHECK (jsonb_typeof("businesses"."permanent_establishments") = 'array');