CREATE TABLE "wallet_pass_registrations" (
	"device_library_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_pass_registrations_device_library_id_order_id_pk" PRIMARY KEY("device_library_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_passes" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"serial_hash" text NOT NULL,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"google_issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_passes_serial_hash_unique" UNIQUE("serial_hash")
);
--> statement-breakpoint
ALTER TABLE "wallet_pass_registrations" ADD CONSTRAINT "wallet_pass_registrations_order_id_wallet_passes_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."wallet_passes"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_pass_registrations_order_idx" ON "wallet_pass_registrations" USING btree ("order_id");