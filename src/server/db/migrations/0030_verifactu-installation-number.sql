ALTER TABLE "verifactu_records" ADD COLUMN "installation_number" text;--> statement-breakpoint
-- Hand-written: the backfill (ADR 061). Each VERI*FACTU record keeps the NumeroInstalacion it
-- was generated at. Records already written get what the sender would have put in them, the
-- host of this server's PUBLIC_URL, which the migrating server passes as the session setting
-- regalo.installation_number (DatabaseHandle.migrate); without it a database holding records
-- refuses to migrate rather than guess. The records are append-only: their trigger is set
-- aside for this one statement, inside the migration's transaction. The next migration
-- makes the column required.
DO $$
BEGIN
  IF coalesce(current_setting('regalo.installation_number', true), '') = '' AND EXISTS (SELECT 1 FROM "verifactu_records") THEN
    RAISE EXCEPTION 'verifactu_records need an installation number: migrate with the server''s PUBLIC_URL configured';
  END IF;
END
$$;
--> statement-breakpoint
ALTER TABLE "verifactu_records" DISABLE TRIGGER "verifactu_records_append_only";--> statement-breakpoint
UPDATE "verifactu_records" SET "installation_number" = left(current_setting('regalo.installation_number', true), 100);--> statement-breakpoint
ALTER TABLE "verifactu_records" ENABLE TRIGGER "verifactu_records_append_only";
