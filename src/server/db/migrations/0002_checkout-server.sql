CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"checkout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payment_url" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '30 minutes' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_pending_expiry_idx" ON "checkouts" USING btree ("expires_at") WHERE "checkouts"."status" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "orders_delivery_due_idx" ON "orders" USING btree ("deliver_at") WHERE "orders"."status" = 'paid' and "orders"."delivered_at" is null;