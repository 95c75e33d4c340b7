DROP INDEX "checkouts_buyer_idempotency_unique";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recipient_locale" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sender_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deliver_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expiry_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_id_business_unique" ON "gifts" USING btree ("id","business_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_business_fk" FOREIGN KEY ("gift_id","business_id") REFERENCES "public"."gifts"("id","business_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_gift_idx" ON "orders" USING btree ("gift_id");--> statement-breakpoint
CREATE INDEX "orders_paid_expiry_idx" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_buyer_idempotency_unique" UNIQUE NULLS NOT DISTINCT("buyer_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recipient_locale_check" CHECK ("orders"."recipient_locale" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_fields_check" CHECK ("orders"."status" not in ('paid', 'redeemed', 'expired') or ("orders"."paid_at" is not null and "orders"."commission_amount" is not null and "orders"."net_amount" is not null and "orders"."commission_amount" + "orders"."net_amount" = "orders"."total_amount"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_redeemed_at_check" CHECK ("orders"."status" <> 'redeemed' or "orders"."redeemed_at" is not null);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_at_check" CHECK ("orders"."status" <> 'cancelled' or "orders"."cancelled_at" is not null);