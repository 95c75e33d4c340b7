ALTER TABLE "orders" DROP CONSTRAINT "orders_recipient_not_blank";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "handover" text DEFAULT 'send' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_handover_check" CHECK ("orders"."handover" in ('send', 'in_person'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recipient_not_blank" CHECK (length(trim("orders"."recipient_name")) > 0 or "orders"."handover" = 'in_person');