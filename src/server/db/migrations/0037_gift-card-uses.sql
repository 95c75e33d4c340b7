CREATE TABLE "redemption_undos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"redemption_id" uuid NOT NULL,
	"movement_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"undone_by" text,
	"undone_as" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redemption_undos_redemption_id_unique" UNIQUE("redemption_id"),
	CONSTRAINT "redemption_undos_movement_id_unique" UNIQUE("movement_id"),
	CONSTRAINT "redemption_undos_as_check" CHECK ("redemption_undos"."undone_as" in ('business', 'team')),
	CONSTRAINT "redemption_undos_reason_check" CHECK (length(trim("redemption_undos"."reason")) > 0)
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "gift_movements" DROP CONSTRAINT "gift_movements_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
DROP INDEX "ledger_entries_movement_settled_once";--> statement-breakpoint
ALTER TABLE "gift_movements" ADD COLUMN "reverses_movement_id" uuid;--> statement-breakpoint
ALTER TABLE "redemption_undos" ADD CONSTRAINT "redemption_undos_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_undos" ADD CONSTRAINT "redemption_undos_movement_id_gift_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."gift_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_undos" ADD CONSTRAINT "redemption_undos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_undos" ADD CONSTRAINT "redemption_undos_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redemption_undos_order_idx" ON "redemption_undos" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "gift_movements" ADD CONSTRAINT "gift_movements_reverses_movement_id_gift_movements_id_fk" FOREIGN KEY ("reverses_movement_id") REFERENCES "public"."gift_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_movements_undone_once" ON "gift_movements" USING btree ("reverses_movement_id") WHERE "gift_movements"."reverses_movement_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_movement_settled_once" ON "ledger_entries" USING btree ("movement_id","kind") WHERE "ledger_entries"."kind" in ('commission', 'commission_vat', 'share_owed', 'refund_commission', 'refund_commission_vat', 'refund_share', 'gift_redeemed', 'gift_redemption_undone');--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('application_approved', 'application_rejected', 'commission_changed', 'business_deactivated', 'business_reactivated', 'order_expiry_extended', 'order_cancelled', 'order_refunded', 'transfer_retried', 'admin_granted', 'admin_revoked', 'report_hidden', 'report_kept', 'invoice_cancelled', 'card_use_undone'));--> statement-breakpoint
ALTER TABLE "gift_movements" ADD CONSTRAINT "gift_movements_reverses_check" CHECK (("gift_movements"."kind" = 'redemption_undone') = ("gift_movements"."reverses_movement_id" is not null));--> statement-breakpoint
ALTER TABLE "gift_movements" ADD CONSTRAINT "gift_movements_kind_check" CHECK ("gift_movements"."kind" in ('issued', 'redeemed', 'refunded', 'expired', 'expiry_lifted', 'exchanged', 'redemption_undone'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge_received', 'charge_refunded', 'commission', 'commission_vat', 'share_owed', 'refund_commission', 'refund_commission_vat', 'refund_share', 'transfer_sent', 'transfer_failed', 'transfer_reversed', 'payout_paid', 'payout_failed', 'invoice_vat_charged', 'invoice_vat_credited', 'gift_redeemed', 'gift_redemption_undone'));