-- Hand-written: the trigger that counts a slot's booked places (ADR 105), which drizzle's schema does not model.
-- Every booking's party size is added to its slot while it is booked and taken off when it is
-- cancelled, moved to another slot or deleted; the slot row's update takes its lock, so
-- concurrent bookings of one occurrence queue on it, and `booking_slots_booked_check` refuses
-- the one that would overfill it.
CREATE FUNCTION "bookings_count_places"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'booked' THEN
    UPDATE booking_slots SET booked = booked - OLD.party_size WHERE id = OLD.slot_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'booked' THEN
    UPDATE booking_slots SET booked = booked + NEW.party_size WHERE id = NEW.slot_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_count_places" AFTER INSERT OR UPDATE OF status, slot_id, party_size OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bookings_count_places"();
