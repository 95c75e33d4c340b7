ALTER TABLE "owner_order_events" DROP CONSTRAINT "owner_order_events_kind_check";--> statement-breakpoint
DROP INDEX "owner_order_events_order_kind_unique";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "share_date_with_giver" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "giver_wants_booking_notice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "giver_told_booked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "owner_order_events" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "owner_order_events" ADD COLUMN "booking_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "owner_order_events" ADD CONSTRAINT "owner_order_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_order_events_booking_unique" ON "owner_order_events" USING btree ("booking_id","kind","occurred_at") WHERE "owner_order_events"."booking_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_order_events_order_kind_unique" ON "owner_order_events" USING btree ("order_id","kind") WHERE "owner_order_events"."booking_id" is null;--> statement-breakpoint
ALTER TABLE "owner_order_events" ADD CONSTRAINT "owner_order_events_booking_check" CHECK (("owner_order_events"."kind" in ('booked', 'booking_moved', 'booking_cancelled')) = ("owner_order_events"."booking_id" is not null and "owner_order_events"."booking_starts_at" is not null));--> statement-breakpoint
ALTER TABLE "owner_order_events" ADD CONSTRAINT "owner_order_events_kind_check" CHECK ("owner_order_events"."kind" in ('sold', 'cancelled', 'withdrawn', 'booked', 'booking_moved', 'booking_cancelled'));