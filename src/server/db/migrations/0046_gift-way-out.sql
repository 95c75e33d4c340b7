CREATE TABLE "booking_misses" (
	"order_id" uuid NOT NULL,
	"day" date NOT NULL,
	"business_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_misses_order_id_day_pk" PRIMARY KEY("order_id","day")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
DROP INDEX "ledger_entries_movement_settled_once";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchanged_for_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_misses" ADD CONSTRAINT "booking_misses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_misses" ADD CONSTRAINT "booking_misses_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_misses_business_idx" ON "booking_misses" USING btree ("business_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_exchanged_for_id_orders_id_fk" FOREIGN KEY ("exchanged_for_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_exchanged_for_unique" ON "orders" USING btree ("exchanged_for_id") WHERE "orders"."exchanged_for_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_movement_settled_once" ON "ledger_entries" USING btree ("movement_id","kind") WHERE "ledger_entries"."kind" in ('commission', 'commission_vat', 'share_owed', 'refund_commission', 'refund_commission_vat', 'refund_share', 'gift_redeemed', 'gift_redemption_undone', 'exchange_commission', 'exchange_commission_vat', 'exchange_share');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_exchanged_check" CHECK ("orders"."exchanged_for_id" is null or "orders"."status" = 'cancelled');--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge_received', 'charge_refunded', 'commission', 'commission_vat', 'share_owed', 'refund_commission', 'refund_commission_vat', 'refund_share', 'transfer_sent', 'transfer_failed', 'transfer_reversed', 'payout_paid', 'payout_failed', 'invoice_vat_charged', 'invoice_vat_credited', 'gift_redeemed', 'gift_redemption_undone', 'exchange_commission', 'exchange_commission_vat', 'exchange_share'));