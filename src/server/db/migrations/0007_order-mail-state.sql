ALTER TABLE "mail_outbox" ADD COLUMN "after_mail_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_mail_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_after_mail_id_mail_outbox_id_fk" FOREIGN KEY ("after_mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_mail_id_mail_outbox_id_fk" FOREIGN KEY ("gift_mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_after_idx" ON "mail_outbox" USING btree ("after_mail_id") WHERE "mail_outbox"."after_mail_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_gift_mail_idx" ON "orders" USING btree ("gift_mail_id") WHERE "orders"."gift_mail_id" is not null;