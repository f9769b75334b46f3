/**
 * PostgreSQL migration 6. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * The two server-side calls of the attempt limits every instance shares (../../postgres/attemptLimits.ts
 * says how reserve_attempt and settle_attempt count).
 */
export default {
  version: 6,
  name: 'shared attempt limits',
  sql: `
  CREATE TABLE attempt_limits (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    -- Counted attempts in the window, oldest first, at most the limit's maximum.
    times BIGINT[] NOT NULL DEFAULT '{}',
    last_at BIGINT NOT NULL,
    PRIMARY KEY (scope, key)
  );
  CREATE INDEX attempt_limits_last ON attempt_limits(scope, last_at);
  CREATE TABLE attempt_reservations (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    expires_at BIGINT NOT NULL
  );
  CREATE INDEX attempt_reservations_key ON attempt_reservations(scope, key);

  CREATE FUNCTION reserve_attempt(p_scope TEXT, p_key TEXT, p_now BIGINT, p_window BIGINT, p_max INT, p_hold BIGINT,
                                  OUT granted BOOLEAN, OUT retry_after BIGINT, OUT reservation BIGINT)
  LANGUAGE plpgsql AS $$
  DECLARE
    kept BIGINT[];
    live INT;
  BEGIN
    INSERT INTO attempt_limits (scope, key, last_at) VALUES (p_scope, p_key, p_now) ON CONFLICT DO NOTHING;
    -- The row lock makes every reserve and counted settle of this key take turns, on any instance.
    SELECT ARRAY(SELECT t FROM unnest(a.times) t WHERE t > p_now - p_window ORDER BY t) INTO kept
    FROM attempt_limits a WHERE a.scope = p_scope AND a.key = p_key FOR UPDATE;
    UPDATE attempt_limits SET times = kept, last_at = GREATEST(last_at, p_now) WHERE scope = p_scope AND key = p_key;
    IF cardinality(kept) >= p_max THEN
      granted := false;
      retry_after := kept[cardinality(kept) - p_max + 1] + p_window - p_now;
      RETURN;
    END IF;
    DELETE FROM attempt_reservations WHERE scope = p_scope AND key = p_key AND expires_at <= p_now;
    SELECT COUNT(*) INTO live FROM attempt_reservations WHERE scope = p_scope AND key = p_key;
    IF cardinality(kept) + live < p_max THEN
      INSERT INTO attempt_reservations (scope, key, expires_at) VALUES (p_scope, p_key, p_now + p_hold)
      RETURNING id INTO reservation;
      granted := true;
      retry_after := 0;
      RETURN;
    END IF;
    -- Every place left is reserved: the caller waits for those outcomes.
    granted := false;
    retry_after := NULL;
  END
  $$;

  CREATE FUNCTION settle_attempt(p_reservation BIGINT, p_counted BOOLEAN, p_now BIGINT, p_max INT) RETURNS VOID
  LANGUAGE plpgsql AS $$
  DECLARE
    r_scope TEXT;
    r_key TEXT;
  BEGIN
    DELETE FROM attempt_reservations WHERE id = p_reservation RETURNING scope, key INTO r_scope, r_key;
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
