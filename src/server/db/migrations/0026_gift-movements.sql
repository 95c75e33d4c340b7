CREATE TABLE "gift_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_movements_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "gift_movements_kind_check" CHECK ("gift_movements"."kind" in ('issued', 'redeemed', 'refunded', 'expired', 'expiry_lifted', 'exchanged')),
	CONSTRAINT "gift_movements_amount_check" CHECK ("gift_movements"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_currency_check" CHECK ("payments"."currency" = 'EUR')
);
--> statement-breakpoint
ALTER TABLE "redemptions" DROP CONSTRAINT "redemptions_order_id_unique";--> statement-breakpoint
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_order_id_unique";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "purchaser_kind" text GENERATED ALWAYS AS (case when guest_email is not null then 'guest' else 'account' end) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "value_kind" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "movement_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "movement_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "movement_id" uuid;--> statement-breakpoint
ALTER TABLE "gift_movements" ADD CONSTRAINT "gift_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_movements" ADD CONSTRAINT "gift_movements_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_movements_order_idx" ON "gift_movements" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_movements_issued_once" ON "gift_movements" USING btree ("order_id") WHERE "gift_movements"."kind" = 'issued';--> statement-breakpoint
CREATE INDEX "payments_checkout_idx" ON "payments" USING btree ("checkout_id");--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_movement_id_gift_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."gift_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_movement_id_gift_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."gift_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_movement_id_gift_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."gift_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redemptions_order_idx" ON "redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_movement_settled_once" ON "ledger_entries" USING btree ("movement_id","kind") WHERE "ledger_entries"."kind" in ('commission', 'commission_vat', 'share_owed', 'refund_commission', 'refund_commission_vat', 'refund_share', 'gift_redeemed');--> statement-breakpoint
CREATE INDEX "transfers_order_idx" ON "transfers" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_movement_id_unique" UNIQUE("movement_id");--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_movement_id_unique" UNIQUE("movement_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_value_kind_check" CHECK ("orders"."value_kind" in ('fixed'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge_received', 'charge_refunded', 'commission', 'commission_vat', 'share_owed', 'refund_commission', 'refund_commission_vat', 'refund_share', 'transfer_sent', 'transfer_failed', 'transfer_reversed', 'payout_paid', 'payout_failed', 'invoice_vat_charged', 'invoice_vat_credited', 'gift_redeemed'));