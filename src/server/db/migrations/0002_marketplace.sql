CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('application_approved', 'application_rejected', 'commission_changed', 'business_deactivated', 'business_reactivated', 'order_expiry_extended', 'order_cancelled', 'order_refunded', 'admin_granted', 'admin_revoked')),
	CONSTRAINT "admin_audit_log_target_type_check" CHECK ("admin_audit_log"."target_type" in ('business', 'order', 'user'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"checkout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "business_applications" ADD COLUMN "kind" text DEFAULT 'registration' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_applications" ADD COLUMN "changed_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payment_url" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '30 minutes' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_applications_one_pending" ON "business_applications" USING btree ("business_id") WHERE "business_applications"."application_status" = 'pending';--> statement-breakpoint
CREATE INDEX "checkouts_open_expiry_idx" ON "checkouts" USING btree ("expires_at") WHERE "checkouts"."status" <> 'succeeded';--> statement-breakpoint
CREATE INDEX "orders_delivery_due_idx" ON "orders" USING btree ("deliver_at") WHERE "orders"."status" = 'paid' and "orders"."delivered_at" is null;--> statement-breakpoint
ALTER TABLE "business_applications" ADD CONSTRAINT "business_applications_kind_check" CHECK ("business_applications"."kind" in ('registration', 'resubmission', 'identity_change'));