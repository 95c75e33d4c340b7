CREATE TABLE "booking_closed_days" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "booking_closed_days_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
CREATE TABLE "booking_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"iso_weekday" integer,
	"on_date" date,
	"start_time" text NOT NULL,
	"length_minutes" integer NOT NULL,
	"places" integer NOT NULL,
	"gift_ids" uuid[],
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_sessions_kind_check" CHECK ("booking_sessions"."kind" in ('weekly', 'once')),
	CONSTRAINT "booking_sessions_when_check" CHECK (("booking_sessions"."kind" = 'weekly' and "booking_sessions"."iso_weekday" between 1 and 7 and "booking_sessions"."on_date" is null) or ("booking_sessions"."kind" = 'once' and "booking_sessions"."on_date" is not null and "booking_sessions"."iso_weekday" is null)),
	CONSTRAINT "booking_sessions_start_time_check" CHECK ("booking_sessions"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "booking_sessions_length_check" CHECK ("booking_sessions"."length_minutes" between 15 and 720),
	CONSTRAINT "booking_sessions_places_check" CHECK ("booking_sessions"."places" between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"horizon_days" integer DEFAULT 60 NOT NULL,
	"cutoff_hours" integer DEFAULT 24 NOT NULL,
	"open_on_holidays" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_horizon_check" CHECK ("booking_settings"."horizon_days" between 1 and 365),
	CONSTRAINT "booking_settings_cutoff_check" CHECK ("booking_settings"."cutoff_hours" between 0 and 168)
);
--> statement-breakpoint
CREATE TABLE "booking_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"places" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_slots_booked_check" CHECK ("booking_slots"."booked" between 0 and "booking_slots"."places")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"party_size" integer NOT NULL,
	"name" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'booked' NOT NULL,
	"cancelled_by" text,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('booked', 'cancelled')),
	CONSTRAINT "bookings_party_size_check" CHECK ("bookings"."party_size" between 1 and 20),
	CONSTRAINT "bookings_cancelled_check" CHECK (("bookings"."status" = 'booked' and "bookings"."cancelled_at" is null and "bookings"."cancelled_by" is null) or ("bookings"."status" = 'cancelled' and "bookings"."cancelled_at" is not null and "bookings"."cancelled_by" in ('recipient', 'business')))
);
--> statement-breakpoint
ALTER TABLE "booking_closed_days" ADD CONSTRAINT "booking_closed_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD CONSTRAINT "booking_sessions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_slots" ADD CONSTRAINT "booking_slots_session_id_booking_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."booking_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_slot_id_booking_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."booking_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_sessions_business_idx" ON "booking_sessions" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_slots_session_start_unique" ON "booking_slots" USING btree ("session_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_live_order_unique" ON "bookings" USING btree ("order_id") WHERE "bookings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("slot_id");