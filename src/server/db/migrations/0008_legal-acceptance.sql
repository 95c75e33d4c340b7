CREATE TABLE "listing_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"gift_id" uuid,
	"business_id" uuid NOT NULL,
	"category" text NOT NULL,
	"explanation" text NOT NULL,
	"reporter_email" text,
	"reporter_id" text,
	"reporter_locale" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_reason" text,
	"decision_facts" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_reports_target_type_check" CHECK ("listing_reports"."target_type" in ('gift', 'business')),
	CONSTRAINT "listing_reports_category_check" CHECK ("listing_reports"."category" in ('illegal_product', 'misleading', 'intellectual_property', 'unsafe', 'hateful_or_violent', 'fraud', 'other')),
	CONSTRAINT "listing_reports_status_check" CHECK ("listing_reports"."status" in ('open', 'hidden', 'kept')),
	CONSTRAINT "listing_reports_gift_target" CHECK (("listing_reports"."target_type" = 'gift') = ("listing_reports"."gift_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_target_type_check";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "partner_terms_version" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_reports_queue_idx" ON "listing_reports" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('application_approved', 'application_rejected', 'commission_changed', 'business_deactivated', 'business_reactivated', 'order_expiry_extended', 'order_cancelled', 'order_refunded', 'admin_granted', 'admin_revoked', 'report_hidden', 'report_kept'));--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_target_type_check" CHECK ("admin_audit_log"."target_type" in ('business', 'order', 'user', 'report'));