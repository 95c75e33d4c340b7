CREATE TABLE "order_refunds" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"amount" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"key_attempt" integer DEFAULT 1 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_state_check" CHECK ("order_refunds"."state" in ('refused', 'pending', 'refunded', 'abandoned')),
	CONSTRAINT "order_refunds_pending_check" CHECK ("order_refunds"."state" <> 'pending' or "order_refunds"."next_attempt_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_fields_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_withdrawn_check";--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "key_attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_pending_idx" ON "order_refunds" USING btree ("next_attempt_at") WHERE "order_refunds"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('unpaid', 'paid', 'redeemed', 'expired', 'cancelled', 'withdrawn', 'refund_pending'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_fields_check" CHECK ("orders"."status" not in ('paid', 'redeemed', 'expired', 'withdrawn', 'refund_pending') or ("orders"."paid_at" is not null and "orders"."commission_amount" is not null and "orders"."vat_rate" is not null and "orders"."commission_vat_amount" is not null and "orders"."net_amount" is not null and "orders"."commission_amount" + "orders"."commission_vat_amount" + "orders"."net_amount" = "orders"."total_amount"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_withdrawn_check" CHECK (("orders"."status" in ('withdrawn', 'refund_pending') or ("orders"."withdrawn_at" is null and "orders"."withdrawal_id" is null)) and ("orders"."status" <> 'withdrawn' or ("orders"."withdrawn_at" is not null and "orders"."withdrawal_id" is not null and "orders"."refunded_at" is not null)));