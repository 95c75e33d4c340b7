ALTER TABLE "redemptions" ALTER COLUMN "movement_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ALTER COLUMN "movement_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_movement_check" CHECK ("ledger_entries"."order_id" is null or "ledger_entries"."movement_id" is not null);