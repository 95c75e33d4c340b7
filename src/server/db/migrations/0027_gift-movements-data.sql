-- Hand-written: the gift movements' and payments' triggers (append-only like the ledger; a
-- movement never takes more than its gift has left, nor part of a fixed gift), and the data
-- move of every existing order, redemption, transfer and ledger row to movement keys (ADR 096).
-- Re-runnable: every insert skips a key already there, every update fills only what is empty,
-- so running this file again changes nothing (tested in gift-movements-migration.int.test.ts).
CREATE OR REPLACE FUNCTION "refuse_money_row_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "gift_movements_append_only" ON "gift_movements";
--> statement-breakpoint
CREATE TRIGGER "gift_movements_append_only" BEFORE UPDATE OR DELETE ON "gift_movements"
  FOR EACH ROW EXECUTE FUNCTION "refuse_money_row_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "payments_append_only" ON "payments";
--> statement-breakpoint
CREATE TRIGGER "payments_append_only" BEFORE UPDATE OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "refuse_money_row_change"();
--> statement-breakpoint
-- A gift's value is the sum of its movements: one that takes value (a redemption, a refund,
-- an expiry, an exchange) may take at most what is left, and a fixed gift's redemption takes
-- all of it (so a fixed gift is redeemed once); an expiry is lifted by at most what expired.
-- The gift's row is locked first, so two movements of one gift are checked one after the
-- other. A movement whose key is already there passes: the insert's ON CONFLICT skips it.
CREATE OR REPLACE FUNCTION "check_gift_movement"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gift_value_kind text;
  left_value integer;
  lapsed integer;
BEGIN
  SELECT "value_kind" INTO gift_value_kind FROM "orders" WHERE "id" = NEW."order_id" FOR UPDATE;
  IF EXISTS (SELECT 1 FROM "gift_movements" WHERE "idempotency_key" = NEW."idempotency_key") THEN
    RETURN NEW;
  END IF;
  SELECT
    coalesce(sum(CASE WHEN "kind" IN ('issued', 'expiry_lifted') THEN "amount" ELSE -"amount" END), 0),
    coalesce(sum(CASE "kind" WHEN 'expired' THEN "amount" WHEN 'expiry_lifted' THEN -"amount" ELSE 0 END), 0)
    INTO left_value, lapsed
    FROM "gift_movements" WHERE "order_id" = NEW."order_id";
  IF NEW."kind" = 'expiry_lifted' AND NEW."amount" > lapsed THEN
    RAISE EXCEPTION 'gift %: % lifted but % expired', NEW."order_id", NEW."amount", lapsed USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."kind" IN ('redeemed', 'refunded', 'expired', 'exchanged') AND NEW."amount" > left_value THEN
    RAISE EXCEPTION 'gift %: % % refused, % left', NEW."order_id", NEW."kind", NEW."amount", left_value USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."kind" = 'redeemed' AND gift_value_kind = 'fixed' AND NEW."amount" <> left_value THEN
    RAISE EXCEPTION 'gift %: a fixed gift is redeemed whole (%), not %', NEW."order_id", left_value, NEW."amount" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "gift_movements_value" ON "gift_movements";
--> statement-breakpoint
CREATE TRIGGER "gift_movements_value" BEFORE INSERT ON "gift_movements"
  FOR EACH ROW EXECUTE FUNCTION "check_gift_movement"();
--> statement-breakpoint
-- Each paid checkout's payment: the charge the ledger already holds for it.
INSERT INTO "payments" ("checkout_id", "amount", "currency", "provider", "provider_ref", "idempotency_key", "created_at")
SELECT c."id", le."amount", le."currency", c."provider", le."provider_ref", 'payment:' || c."id", le."created_at"
FROM "checkouts" c
JOIN "ledger_entries" le ON le."idempotency_key" = 'charge_received:' || c."id"
WHERE c."status" = 'succeeded'
ON CONFLICT ("idempotency_key") DO NOTHING;
--> statement-breakpoint
-- Each paid gift's issue: its whole value, when its share was first owed.
INSERT INTO "gift_movements" ("order_id", "kind", "amount", "idempotency_key", "payment_id", "created_at")
SELECT o."id", 'issued', o."total_amount", 'issued:' || o."id", p."id", le."created_at"
FROM "orders" o
JOIN "ledger_entries" le ON le."idempotency_key" = 'share_owed:' || o."id"
LEFT JOIN "payments" p ON p."idempotency_key" = 'payment:' || o."checkout_id"
ON CONFLICT ("idempotency_key") DO NOTHING;
--> statement-breakpoint
-- A redeemed gift without a payment in the ledger (none in production; older test data) is issued all the same.
INSERT INTO "gift_movements" ("order_id", "kind", "amount", "idempotency_key", "created_at")
SELECT o."id", 'issued', o."total_amount", 'issued:' || o."id", coalesce(o."paid_at", o."created_at")
FROM "orders" o
WHERE EXISTS (SELECT 1 FROM "redemptions" r WHERE r."order_id" = o."id")
ON CONFLICT ("idempotency_key") DO NOTHING;
--> statement-breakpoint
-- Each redemption: the gift's whole value (every gift so far is fixed, redeemed once).
INSERT INTO "gift_movements" ("order_id", "kind", "amount", "idempotency_key", "created_at")
SELECT o."id", 'redeemed', o."total_amount", 'redeemed:' || o."id" || ':1', r."created_at"
FROM "redemptions" r
JOIN "orders" o ON o."id" = r."order_id"
ON CONFLICT ("idempotency_key") DO NOTHING;
--> statement-breakpoint
-- Each refund the ledger holds: the gift's whole value, when it was refunded.
INSERT INTO "gift_movements" ("order_id", "kind", "amount", "idempotency_key", "created_at")
SELECT o."id", 'refunded', o."total_amount", 'refunded:' || o."id" || ':1', le."created_at"
FROM "orders" o
JOIN "ledger_entries" le ON le."idempotency_key" = 'refund_share:' || o."id"
ON CONFLICT ("idempotency_key") DO NOTHING;
--> statement-breakpoint
-- Each expired gift: its whole value, at its expiry (when the job ran is not recorded).
INSERT INTO "gift_movements" ("order_id", "kind", "amount", "idempotency_key", "created_at")
SELECT o."id", 'expired', o."total_amount", 'expired:' || o."id" || ':1', o."expires_at"
FROM "orders" o
WHERE o."status" = 'expired' AND EXISTS (SELECT 1 FROM "gift_movements" m WHERE m."idempotency_key" = 'issued:' || o."id")
ON CONFLICT ("idempotency_key") DO NOTHING;
--> statement-breakpoint
-- Each redemption's ledger row (in no balance: the share was owed at payment).
INSERT INTO "ledger_entries" ("kind", "amount", "business_id", "movement_id", "idempotency_key", "created_at")
SELECT 'gift_redeemed', m."amount", o."business_id", m."id", 'gift_redeemed:' || o."id" || ':1', m."created_at"
FROM "gift_movements" m
JOIN "orders" o ON o."id" = m."order_id"
WHERE m."idempotency_key" = 'redeemed:' || o."id" || ':1'
ON CONFLICT ("idempotency_key") DO NOTHING;
--> statement-breakpoint
UPDATE "redemptions" r SET "movement_id" = m."id"
FROM "gift_movements" m
WHERE r."movement_id" IS NULL AND m."idempotency_key" = 'redeemed:' || r."order_id" || ':1';
--> statement-breakpoint
UPDATE "transfers" t SET "movement_id" = m."id"
FROM "gift_movements" m
WHERE t."movement_id" IS NULL AND m."idempotency_key" = 'issued:' || t."order_id";
--> statement-breakpoint
-- The ledger's existing rows learn their movement: the one write to a ledger row there is,
-- made here with the append-only trigger off for this migration's transaction only; it fills
-- an empty column and changes no amount, kind, key or date.
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_append_only";
--> statement-breakpoint
UPDATE "ledger_entries" le SET "movement_id" = m."id"
FROM "gift_movements" m
WHERE le."movement_id" IS NULL
  AND le."kind" IN ('commission', 'commission_vat', 'share_owed', 'transfer_sent', 'transfer_failed', 'transfer_reversed')
  AND m."idempotency_key" = 'issued:' || le."order_id";
--> statement-breakpoint
UPDATE "ledger_entries" le SET "movement_id" = m."id"
FROM "gift_movements" m
WHERE le."movement_id" IS NULL
  AND le."kind" IN ('refund_commission', 'refund_commission_vat', 'refund_share')
  AND m."idempotency_key" = 'refunded:' || le."order_id" || ':1';
--> statement-breakpoint
UPDATE "ledger_entries" le SET "payment_id" = p."id"
FROM "payments" p
WHERE le."payment_id" IS NULL AND le."kind" = 'charge_received' AND p."idempotency_key" = 'payment:' || le."checkout_id";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_append_only";
