CREATE TABLE "commission_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"commission_rate" numeric(5, 2) NOT NULL,
	"partner_terms_version" text NOT NULL,
	"accepted_by" text,
	"source" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "commission_acceptances_source_check" CHECK ("commission_acceptances"."source" in ('signup', 'proposal')),
	CONSTRAINT "commission_acceptances_rate_check" CHECK ("commission_acceptances"."commission_rate" >= 0 and "commission_acceptances"."commission_rate" <= 100)
);
--> statement-breakpoint
CREATE TABLE "owner_order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "owner_order_events_kind_check" CHECK ("owner_order_events"."kind" in ('sold', 'cancelled', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_business_check";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "proposed_commission_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "commission_proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "order_mail_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_acceptances" ADD CONSTRAINT "commission_acceptances_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_acceptances" ADD CONSTRAINT "commission_acceptances_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_order_events" ADD CONSTRAINT "owner_order_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_order_events" ADD CONSTRAINT "owner_order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_acceptances_business_idx" ON "commission_acceptances" USING btree ("business_id","accepted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_order_events_order_kind_unique" ON "owner_order_events" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "owner_order_events_unmailed_idx" ON "owner_order_events" USING btree ("occurred_at") WHERE "owner_order_events"."mailed_at" is null;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_proposed_commission_rate_check" CHECK ("businesses"."proposed_commission_rate" is null or ("businesses"."proposed_commission_rate" >= 0 and "businesses"."proposed_commission_rate" <= 100 and "businesses"."commission_proposed_at" is not null));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge_received', 'charge_refunded', 'commission', 'commission_vat', 'share_owed', 'refund_commission', 'refund_commission_vat', 'refund_share', 'transfer_sent', 'transfer_failed', 'transfer_reversed', 'payout_paid', 'payout_failed'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_business_check" CHECK ("ledger_entries"."kind" in ('charge_received', 'charge_refunded') or "ledger_entries"."business_id" is not null);