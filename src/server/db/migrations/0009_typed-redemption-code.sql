ALTER TABLE "orders" ADD COLUMN "typed_code" text;--> statement-breakpoint
-- Hand-written: a data move (every paid order gets its typed code before the column is required).
-- Every order that was ever paid gets a code to type at the counter (ADR 055): 40 random bits
-- (the first ten hex digits of a version 4 UUID, all random, from the server's strong random
-- source) written as 8 characters of Crockford's base32.
UPDATE "orders" SET "typed_code" = (
  SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((r.bits >> (5 * (7 - i))) & 31)::int + 1, 1), '' ORDER BY i)
  FROM (SELECT ('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 10))::bit(40)::bigint AS bits WHERE "orders"."id" IS NOT NULL) r,
    generate_series(0, 7) AS i
) WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
-- Two redeemable gifts of one business drawing the same code (about n² / 2^41 for n of them)
-- draw again, before the unique index below is built.
DO $$
BEGIN
  WHILE EXISTS (SELECT 1 FROM "orders" WHERE "status" = 'paid' GROUP BY "business_id", "typed_code" HAVING count(*) > 1) LOOP
    UPDATE "orders" SET "typed_code" = (
      SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((r.bits >> (5 * (7 - i))) & 31)::int + 1, 1), '' ORDER BY i)
      FROM (SELECT ('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 10))::bit(40)::bigint AS bits WHERE "orders"."id" IS NOT NULL) r,
        generate_series(0, 7) AS i
    )
    WHERE "id" IN (
      SELECT "id" FROM (
        SELECT "id", row_number() OVER (PARTITION BY "business_id", "typed_code" ORDER BY "id") AS n
        FROM "orders" WHERE "status" = 'paid'
      ) d WHERE d.n > 1
    );
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_business_typed_code_unique" ON "orders" USING btree ("business_id","typed_code") WHERE "orders"."status" = 'paid';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_typed_code_check" CHECK ("orders"."typed_code" is null or "orders"."typed_code" ~ '^[0-9A-HJKMNP-TV-Z]{8}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_typed_code_paid_check" CHECK ("orders"."status" not in ('paid', 'redeemed', 'expired') or "orders"."typed_code" is not null);
