/**
 * PostgreSQL migration 24. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * settle_attempt (migration 6) deleted its reservation before it locked the key's row, while
 * reserve_attempt locks the key's row before it deletes the key's expired reservations: a reserve
 * that met an expired reservation whose settle was under way on another connection waited for it
 * in a circle, and PostgreSQL aborted one of the two ("deadlock detected", a 500 for a sign-in).
 * The settle now reads which key its reservation is for, locks that key's row first, and only then
 * deletes the reservation, so both calls take their locks in one order.
 */
export default {
  version: 24,
  name: 'settle attempt lock order',
  sql: `
  CREATE OR REPLACE FUNCTION settle_attempt(p_reservation BIGINT, p_counted BOOLEAN, p_now BIGINT, p_max INT)
  RETURNS VOID
  LANGUAGE plpgsql AS $$
  DECLARE
    r_scope TEXT;
    r_key TEXT;
  BEGIN
    SELECT scope, key INTO r_scope, r_key FROM attempt_reservations WHERE id = p_reservation;
    IF NOT FOUND THEN
      RETURN;
    END IF;
    -- The key's row before the reservation, in the order reserve_attempt takes them.
    PERFORM 1 FROM attempt_limits WHERE scope = r_scope AND key = r_key FOR UPDATE;
    DELETE FROM attempt_reservations WHERE id = p_reservation;
    -- A reserve may have dropped it as expired while this waited: then nothing is counted.
    IF FOUND AND p_counted THEN
      UPDATE attempt_limits SET
        times = ARRAY(SELECT t FROM (SELECT t FROM unnest(times || p_now) t ORDER BY t DESC LIMIT p_max) newest ORDER BY t),
        last_at = GREATEST(last_at, p_now)
      WHERE scope = r_scope AND key = r_key;
    END IF;
  END
  $$;
`,
};
