-- The way back from the gift movements (ADR 096), for the first release only: the schema as
-- it was before migrations *_gift-movements, *_gift-movements-data and
-- *_gift-movements-keys-required, with every order, redemption, transfer and ledger row kept.
-- What goes: the payments and gift_movements tables, the ledger's movement and payment
-- columns, its gift_redeemed rows (they are in no balance and no statement sum, and a
-- migration forward writes them again), the transfers' and redemptions' movement columns,
-- orders.value_kind and checkouts.purchaser_kind. Run by `npm run db:down:gift-movements`,
-- which also forgets the three migrations so a later start applies them again.
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_append_only";
--> statement-breakpoint
DELETE FROM "ledger_entries" WHERE "kind" = 'gift_redeemed';
--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_append_only";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT IF EXISTS "ledger_entries_movement_check";
--> statement-breakpoint
DROP INDEX IF EXISTS "ledger_entries_movement_settled_once";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN IF EXISTS "movement_id";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN IF EXISTS "payment_id";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge_received', 'charge_refunded', 'commission', 'commission_vat', 'share_owed', 'refund_commission', 'refund_commission_vat', 'refund_share', 'transfer_sent', 'transfer_failed', 'transfer_reversed', 'payout_paid', 'payout_failed', 'invoice_vat_charged', 'invoice_vat_credited'));
--> statement-breakpoint
ALTER TABLE "transfers" DROP COLUMN IF EXISTS "movement_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "transfers_order_idx";
--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_order_id_unique" UNIQUE("order_id");
--> statement-breakpoint
ALTER TABLE "redemptions" DROP COLUMN IF EXISTS "movement_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "redemptions_order_idx";
--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_order_id_unique" UNIQUE("order_id");
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT IF EXISTS "orders_value_kind_check";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN IF EXISTS "value_kind";
--> statement-breakpoint
ALTER TABLE "checkouts" DROP COLUMN IF EXISTS "purchaser_kind";
--> statement-breakpoint
DROP TABLE IF EXISTS "gift_movements";
--> statement-breakpoint
DROP TABLE IF EXISTS "payments";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "check_gift_movement"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "refuse_money_row_change"();
