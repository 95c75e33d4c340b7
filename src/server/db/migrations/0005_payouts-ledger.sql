CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"business_id" uuid,
	"order_id" uuid,
	"checkout_id" uuid,
	"provider_ref" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge_received', 'commission', 'commission_vat', 'share_owed', 'refund_commission', 'refund_commission_vat', 'refund_share', 'transfer_sent', 'transfer_failed', 'transfer_reversed', 'payout_paid', 'payout_failed')),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" >= 0),
	CONSTRAINT "ledger_entries_currency_check" CHECK ("ledger_entries"."currency" = 'EUR'),
	CONSTRAINT "ledger_entries_business_check" CHECK ("ledger_entries"."kind" = 'charge_received' or "ledger_entries"."business_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"transfers_active" boolean DEFAULT false NOT NULL,
	"requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_provider_check" CHECK ("payout_accounts"."provider" in ('test', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_differences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"provider_ref" text NOT NULL,
	"ledger_amount" integer,
	"provider_amount" integer,
	"business_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_differences_kind_check" CHECK ("reconciliation_differences"."kind" in ('missing_in_provider', 'missing_in_ledger', 'amount_mismatch'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"compared_count" integer NOT NULL,
	"difference_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"succeeded" boolean NOT NULL,
	"provider_transfer_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"checkout_id" uuid,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"state" text DEFAULT 'due' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"provider_transfer_id" text,
	"provider_reversal_id" text,
	"sent_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "transfers_state_check" CHECK ("transfers"."state" in ('due', 'sent', 'failed', 'reversed', 'cancelled')),
	CONSTRAINT "transfers_amount_check" CHECK ("transfers"."amount" >= 0),
	CONSTRAINT "transfers_sent_check" CHECK ("transfers"."state" not in ('sent', 'reversed') or ("transfers"."provider_transfer_id" is not null and "transfers"."sent_at" is not null)),
	CONSTRAINT "transfers_pending_check" CHECK ("transfers"."state" not in ('due', 'failed') or "transfers"."next_attempt_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_fields_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_vat_amount" integer;--> statement-breakpoint
-- Hand-written: data moves for existing orders and payments, and the ledger's append-only and cache triggers, which drizzle's schema does not model (ADR 053).
-- Orders paid before Regalo charged VAT on its commission keep their amounts: VAT 0 (ADR 053).
UPDATE "orders" SET "vat_rate" = 0, "commission_vat_amount" = 0 WHERE "commission_amount" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_attempts" ADD CONSTRAINT "transfer_attempts_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_business_created_idx" ON "ledger_entries" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_checkout_idx" ON "ledger_entries" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_provider_account_unique" ON "payout_accounts" USING btree ("provider","provider_account_id");--> statement-breakpoint
CREATE INDEX "reconciliation_differences_run_idx" ON "reconciliation_differences" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_attempts_transfer_attempt_unique" ON "transfer_attempts" USING btree ("transfer_id","attempt");--> statement-breakpoint
CREATE INDEX "transfers_pending_idx" ON "transfers" USING btree ("next_attempt_at") WHERE "transfers"."state" in ('due', 'failed');--> statement-breakpoint
CREATE INDEX "transfers_business_idx" ON "transfers" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_provider_transfer_unique" ON "transfers" USING btree ("provider_transfer_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_fields_check" CHECK ("orders"."status" not in ('paid', 'redeemed', 'expired') or ("orders"."paid_at" is not null and "orders"."commission_amount" is not null and "orders"."vat_rate" is not null and "orders"."commission_vat_amount" is not null and "orders"."net_amount" is not null and "orders"."commission_amount" + "orders"."commission_vat_amount" + "orders"."net_amount" = "orders"."total_amount"));--> statement-breakpoint
-- The ledger is append-only (ADR 053): a correction is a new row, never an edit. TRUNCATE
-- stays possible for the operator's tools and the tests' resets; the app never issues it.
CREATE FUNCTION "refuse_ledger_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "refuse_ledger_change"();
--> statement-breakpoint
-- Whether a business can be paid decides whether its gifts are listed (domain/catalog), so a
-- payout account's change moves the catalogue's cache version like a business's does (ADR 037).
CREATE CONSTRAINT TRIGGER "payout_accounts_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "payout_accounts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('catalog');
--> statement-breakpoint
CREATE TRIGGER "payout_accounts_truncate_bump_catalog_version" AFTER TRUNCATE ON "payout_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('catalog');
--> statement-breakpoint
-- Money already taken before this migration enters the ledger as it would have been written
-- at the time, and each paid order gets its one transfer (due at redemption or 14 days after
-- payment), so the businesses are paid what they are owed once they connect a payout account.
INSERT INTO "ledger_entries" ("kind", "amount", "checkout_id", "provider_ref", "idempotency_key", "created_at")
  SELECT 'charge_received', c."amount_total", c."id", c."payment_ref", 'charge_received:' || c."id", coalesce(c."completed_at", c."updated_at")
  FROM "checkouts" c WHERE c."status" = 'succeeded';
--> statement-breakpoint
INSERT INTO "ledger_entries" ("kind", "amount", "business_id", "order_id", "checkout_id", "idempotency_key", "created_at")
  SELECT k."kind", k."amount", o."business_id", o."id", o."checkout_id", k."kind" || ':' || o."id", o."paid_at"
  FROM "orders" o
  CROSS JOIN LATERAL (VALUES ('commission', o."commission_amount"), ('commission_vat', o."commission_vat_amount"), ('share_owed', o."net_amount")) AS k("kind", "amount")
  WHERE o."paid_at" IS NOT NULL AND o."commission_amount" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "ledger_entries" ("kind", "amount", "business_id", "order_id", "checkout_id", "idempotency_key", "created_at")
  SELECT k."kind", k."amount", o."business_id", o."id", o."checkout_id", k."kind" || ':' || o."id", o."refunded_at"
  FROM "orders" o
  CROSS JOIN LATERAL (VALUES ('refund_commission', o."commission_amount"), ('refund_commission_vat', o."commission_vat_amount"), ('refund_share', o."net_amount")) AS k("kind", "amount")
  WHERE o."refunded_at" IS NOT NULL AND o."commission_amount" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "transfers" ("order_id", "business_id", "checkout_id", "amount", "state", "next_attempt_at", "created_at", "updated_at")
  SELECT o."id", o."business_id", o."checkout_id", o."net_amount", 'due',
    CASE WHEN o."redeemed_at" IS NOT NULL THEN least(o."redeemed_at", o."paid_at" + interval '14 days') ELSE o."paid_at" + interval '14 days' END,
    o."paid_at", o."paid_at"
  FROM "orders" o WHERE o."status" IN ('paid', 'redeemed', 'expired') AND o."net_amount" IS NOT NULL;
