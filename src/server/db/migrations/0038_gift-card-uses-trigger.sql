-- Hand-written: a card's use undone (ADR 104). The movements' trigger counts an undo as value
-- given back and requires it to name a `redeemed` movement of the same gift for exactly its
-- amount (the unique index keeps it to once); the undos' record is append-only.
CREATE OR REPLACE FUNCTION "check_gift_movement"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gift_value_kind text;
  left_value integer;
  lapsed integer;
  reversed_kind text;
  reversed_order uuid;
  reversed_amount integer;
BEGIN
  SELECT "value_kind" INTO gift_value_kind FROM "orders" WHERE "id" = NEW."order_id" FOR UPDATE;
  IF EXISTS (SELECT 1 FROM "gift_movements" WHERE "idempotency_key" = NEW."idempotency_key") THEN
    RETURN NEW;
  END IF;
  SELECT
    coalesce(sum(CASE WHEN "kind" IN ('issued', 'expiry_lifted', 'redemption_undone') THEN "amount" ELSE -"amount" END), 0),
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
  IF NEW."kind" = 'redemption_undone' THEN
    SELECT "kind", "order_id", "amount" INTO reversed_kind, reversed_order, reversed_amount
      FROM "gift_movements" WHERE "id" = NEW."reverses_movement_id";
    IF reversed_kind IS DISTINCT FROM 'redeemed' OR reversed_order IS DISTINCT FROM NEW."order_id" OR reversed_amount <> NEW."amount" THEN
      RAISE EXCEPTION 'gift %: an undo gives back one use of this gift, exactly (% of %)', NEW."order_id", NEW."amount", NEW."reverses_movement_id" USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "redemption_undos_append_only" ON "redemption_undos";
--> statement-breakpoint
CREATE TRIGGER "redemption_undos_append_only" BEFORE UPDATE OR DELETE ON "redemption_undos"
  FOR EACH ROW EXECUTE FUNCTION "refuse_money_row_change"();
