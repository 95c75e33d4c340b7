CREATE TABLE "invoice_cancellations" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"order_id" uuid,
	"base_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_position_pk" PRIMARY KEY("invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"type" text NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"full_number" text NOT NULL,
	"period" text NOT NULL,
	"issue_date" text NOT NULL,
	"issuer_name" text NOT NULL,
	"issuer_tax_id" text NOT NULL,
	"issuer_address" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_tax_id" text NOT NULL,
	"recipient_address" text NOT NULL,
	"base_cents" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"corrects_invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_full_number_unique" UNIQUE("full_number"),
	CONSTRAINT "invoices_type_check" CHECK ("invoices"."type" in ('F1', 'R1')),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."base_cents" + "invoices"."vat_cents" = "invoices"."total_cents"),
	CONSTRAINT "invoices_number_check" CHECK ("invoices"."number" > 0),
	CONSTRAINT "invoices_period_check" CHECK ("invoices"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "invoices_issue_date_check" CHECK ("invoices"."issue_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
	CONSTRAINT "invoices_f1_check" CHECK ("invoices"."type" <> 'F1' or ("invoices"."corrects_invoice_id" is null and "invoices"."base_cents" > 0)),
	CONSTRAINT "invoices_r1_check" CHECK ("invoices"."type" <> 'R1' or ("invoices"."corrects_invoice_id" is not null and "invoices"."base_cents" <> 0)),
	CONSTRAINT "invoices_parties_check" CHECK (length(trim("invoices"."issuer_name")) > 0 and length(trim("invoices"."issuer_tax_id")) > 0 and length(trim("invoices"."issuer_address")) > 0 and length(trim("invoices"."recipient_name")) > 0 and length(trim("invoices"."recipient_tax_id")) > 0 and length(trim("invoices"."recipient_address")) > 0)
);
--> statement-breakpoint
CREATE TABLE "verifactu_queue_state" (
	"id" text PRIMARY KEY NOT NULL,
	"next_allowed_send_at" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifactu_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_tax_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"id_emisor" text NOT NULL,
	"num_serie" text NOT NULL,
	"fecha_expedicion" text NOT NULL,
	"tipo_factura" text,
	"cuota_total" text,
	"importe_total" text,
	"generated_at" text NOT NULL,
	"previous_fingerprint" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verifactu_records_kind_check" CHECK ("verifactu_records"."kind" in ('alta', 'anulacion')),
	CONSTRAINT "verifactu_records_sequence_check" CHECK ("verifactu_records"."sequence" > 0),
	CONSTRAINT "verifactu_records_alta_check" CHECK ("verifactu_records"."kind" <> 'alta' or ("verifactu_records"."tipo_factura" is not null and "verifactu_records"."cuota_total" is not null and "verifactu_records"."importe_total" is not null)),
	CONSTRAINT "verifactu_records_fingerprint_check" CHECK ("verifactu_records"."fingerprint" ~ '^[0-9A-F]{64}$')
);
--> statement-breakpoint
CREATE TABLE "verifactu_submissions" (
	"record_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"error_code" text,
	"error_description" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verifactu_submissions_state_check" CHECK ("verifactu_submissions"."state" in ('pending', 'accepted', 'accepted_with_errors', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_target_type_check";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "fiscal_address" text;--> statement-breakpoint
ALTER TABLE "invoice_cancellations" ADD CONSTRAINT "invoice_cancellations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_cancellations" ADD CONSTRAINT "invoice_cancellations_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_invoice_id_invoices_id_fk" FOREIGN KEY ("corrects_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD CONSTRAINT "verifactu_records_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifactu_submissions" ADD CONSTRAINT "verifactu_submissions_record_id_verifactu_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."verifactu_records"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_order_idx" ON "invoice_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_number_unique" ON "invoices" USING btree ("series","number");--> statement-breakpoint
CREATE INDEX "invoices_business_period_idx" ON "invoices" USING btree ("business_id","period");--> statement-breakpoint
CREATE INDEX "invoices_issue_date_idx" ON "invoices" USING btree ("issue_date");--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_chain_unique" ON "verifactu_records" USING btree ("issuer_tax_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_previous_unique" ON "verifactu_records" USING btree ("issuer_tax_id","previous_fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_invoice_kind_unique" ON "verifactu_records" USING btree ("invoice_id","kind");--> statement-breakpoint
CREATE INDEX "verifactu_submissions_pending_idx" ON "verifactu_submissions" USING btree ("record_id") WHERE "verifactu_submissions"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('application_approved', 'application_rejected', 'commission_changed', 'business_deactivated', 'business_reactivated', 'order_expiry_extended', 'order_cancelled', 'order_refunded', 'transfer_retried', 'admin_granted', 'admin_revoked', 'report_hidden', 'report_kept', 'invoice_cancelled'));--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_target_type_check" CHECK ("admin_audit_log"."target_type" in ('business', 'order', 'user', 'report', 'invoice'));--> statement-breakpoint
-- Hand-written: the append-only and chain-extension triggers, which drizzle's schema does not model (ADR 061).
-- Issued invoices, their lines, cancellations and VERI*FACTU records are never edited or
-- deleted (ADR 061): a correction is a rectifying invoice or a cancellation record. TRUNCATE
-- stays for the operator's tools and the tests' resets; the app never issues it.
CREATE FUNCTION "refuse_issued_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_append_only" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "refuse_issued_change"();
--> statement-breakpoint
CREATE TRIGGER "invoice_lines_append_only" BEFORE UPDATE OR DELETE ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION "refuse_issued_change"();
--> statement-breakpoint
CREATE TRIGGER "invoice_cancellations_append_only" BEFORE UPDATE OR DELETE ON "invoice_cancellations"
  FOR EACH ROW EXECUTE FUNCTION "refuse_issued_change"();
--> statement-breakpoint
CREATE TRIGGER "verifactu_records_append_only" BEFORE UPDATE OR DELETE ON "verifactu_records"
  FOR EACH ROW EXECUTE FUNCTION "refuse_issued_change"();
--> statement-breakpoint
-- A record must extend its issuer's chain: the next sequence number, and the previous
-- fingerprint of the record before it (empty for the first). The issuing transaction holds
-- the chain's lock, so this only ever catches a bug, never a race.
CREATE FUNCTION "check_verifactu_link"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_sequence integer;
  last_fingerprint text;
BEGIN
  SELECT "sequence", "fingerprint" INTO last_sequence, last_fingerprint FROM "verifactu_records"
    WHERE "issuer_tax_id" = NEW."issuer_tax_id" ORDER BY "sequence" DESC LIMIT 1;
  IF NEW."sequence" <> coalesce(last_sequence, 0) + 1 OR NEW."previous_fingerprint" <> coalesce(last_fingerprint, '') THEN
    RAISE EXCEPTION 'verifactu record % does not extend the chain of %', NEW."sequence", NEW."issuer_tax_id" USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "verifactu_records_extend_chain" BEFORE INSERT ON "verifactu_records"
  FOR EACH ROW EXECUTE FUNCTION "check_verifactu_link"();
