CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"buyer_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"channel" text NOT NULL,
	"refund_amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_channel_check" CHECK ("withdrawals"."channel" in ('account', 'link')),
	CONSTRAINT "withdrawals_refund_positive" CHECK ("withdrawals"."refund_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_fields_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_typed_code_paid_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "withdrawal_id" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_checkout_idx" ON "withdrawals" USING btree ("checkout_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_withdrawal_idx" ON "orders" USING btree ("withdrawal_id") WHERE "orders"."withdrawal_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_withdrawn_check" CHECK (("orders"."status" = 'withdrawn') = ("orders"."withdrawn_at" is not null and "orders"."withdrawal_id" is not null) and ("orders"."status" <> 'withdrawn' or "orders"."refunded_at" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('unpaid', 'paid', 'redeemed', 'expired', 'cancelled', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_fields_check" CHECK ("orders"."status" not in ('paid', 'redeemed', 'expired', 'withdrawn') or ("orders"."paid_at" is not null and "orders"."commission_amount" is not null and "orders"."vat_rate" is not null and "orders"."commission_vat_amount" is not null and "orders"."net_amount" is not null and "orders"."commission_amount" + "orders"."commission_vat_amount" + "orders"."net_amount" = "orders"."total_amount"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_typed_code_paid_check" CHECK ("orders"."status" not in ('paid', 'redeemed', 'expired', 'withdrawn') or "orders"."typed_code" is not null);--> statement-breakpoint
-- Hand-written: a data move (waiting transfers follow the new end of the withdrawal period).
-- Transfers still waiting for the end of the withdrawal period were due at paid_at + 14 × 24 h;
-- the period now ends at midnight in Madrid after the 14th calendar day (ADR 064), so each is
-- moved to that moment. Ones brought forward by a redemption (a different moment) are left.
UPDATE "transfers" AS t
SET "next_attempt_at" = ((date_trunc('day', o."paid_at" AT TIME ZONE 'Europe/Madrid') + interval '15 days') AT TIME ZONE 'Europe/Madrid')
FROM "orders" AS o
WHERE o."id" = t."order_id" AND t."state" = 'due' AND o."paid_at" IS NOT NULL AND t."next_attempt_at" = o."paid_at" + interval '14 days';
