-- Hand-written: a data move (ADR 083). The withdrawal period now ends on a working day. Transfers still
-- waiting for the end of a period (due at midnight in Madrid after the 14th calendar day, ADR
-- 064) whose 14th day is a Saturday, a Sunday or a public holiday move to midnight after the
-- next working day. The holidays are those of src/shared/domain/working-days.ts when this was
-- written (2025-2027; other years: its fallback rule's fixed-date national days), enough for
-- every transfer waiting today. Ones brought forward by a redemption (a different moment), or
-- retried after a failure, are left.
WITH "waiting" AS (
  SELECT t."id", (o."paid_at" AT TIME ZONE 'Europe/Madrid')::date + 14 AS "last_day"
  FROM "transfers" AS t
  JOIN "orders" AS o ON o."id" = t."order_id"
  WHERE t."state" = 'due' AND o."status" IN ('paid', 'expired') AND o."paid_at" IS NOT NULL
    AND t."next_attempt_at" = (((o."paid_at" AT TIME ZONE 'Europe/Madrid')::date + 15)::timestamp AT TIME ZONE 'Europe/Madrid')
), "moved" AS (
  SELECT w."id", (
    SELECT min(g."d")::date FROM generate_series(w."last_day"::timestamp, w."last_day"::timestamp + interval '10 days', interval '1 day') AS g("d")
    WHERE extract(isodow FROM g."d") < 6
      AND g."d"::date <> ALL (ARRAY[
  '2025-01-01', '2025-01-06', '2025-03-19', '2025-04-18', '2025-04-21', '2025-05-01', '2025-06-24',
  '2025-08-15', '2025-10-09', '2025-11-01', '2025-12-06', '2025-12-08', '2025-12-25', '2026-01-01',
  '2026-01-06', '2026-03-19', '2026-04-03', '2026-04-06', '2026-05-01', '2026-06-24', '2026-08-15',
  '2026-10-09', '2026-10-12', '2026-11-01', '2026-12-08', '2026-12-25', '2027-01-01', '2027-01-06',
  '2027-03-19', '2027-03-26', '2027-03-29', '2027-05-01', '2027-10-09', '2027-10-12', '2027-11-01',
  '2027-12-06', '2027-12-08', '2027-12-25'
      ]::date[])
      AND (extract(year FROM g."d") BETWEEN 2025 AND 2027
        OR to_char(g."d", 'MM-DD') NOT IN ('01-01', '01-06', '05-01', '08-15', '10-12', '11-01', '12-06', '12-08', '12-25'))
  ) AS "working_day"
  FROM "waiting" AS w
)
UPDATE "transfers" AS t
SET "next_attempt_at" = ((m."working_day" + 1)::timestamp AT TIME ZONE 'Europe/Madrid')
FROM "moved" AS m
WHERE m."id" = t."id" AND m."working_day" IS NOT NULL;
