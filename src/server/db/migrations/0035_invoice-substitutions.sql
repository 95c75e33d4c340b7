CREATE TABLE "invoice_substitutions" (
	"invoice_id" uuid NOT NULL,
	"substituted_invoice_id" uuid NOT NULL,
	CONSTRAINT "invoice_substitutions_invoice_id_substituted_invoice_id_pk" PRIMARY KEY("invoice_id","substituted_invoice_id"),
	CONSTRAINT "invoice_substitutions_not_itself_check" CHECK ("invoice_substitutions"."invoice_id" <> "invoice_substitutions"."substituted_invoice_id")
);
--> statement-breakpoint
ALTER TABLE "invoice_substitutions" ADD CONSTRAINT "invoice_substitutions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_substitutions" ADD CONSTRAINT "invoice_substitutions_substituted_invoice_id_invoices_id_fk" FOREIGN KEY ("substituted_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_substitutions_substituted_unique" ON "invoice_substitutions" USING btree ("substituted_invoice_id");--> statement-breakpoint
-- Hand-written: the append-only trigger, which drizzle's schema does not model (ADR 061).
-- What an invoice replaced is as permanent as the invoice itself.
CREATE TRIGGER "invoice_substitutions_append_only" BEFORE UPDATE OR DELETE ON "invoice_substitutions"
  FOR EACH ROW EXECUTE FUNCTION "refuse_issued_change"();
