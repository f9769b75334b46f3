/**
 * Attempt limits kept in PostgreSQL, so that every instance on the database counts toward one limit
 * per client key (auth/sharedAttemptLimiter.ts builds the limiter on these two calls).
 *
 * Each call is one function call on the server, one round trip and one transaction: `reserve`
 * locks the key's row, drops times that left the window and expired reservations, and grants a
 * place only while counted times plus live reservations stay under the maximum; `settle` removes
 * the reservation and, when counted, adds its time. A reservation expires after `holdMs`, so an
 * instance killed in the middle of an attempt frees its place instead of holding it forever.
 */
import type { AttemptStore } from '../store';
import type { Queryable } from './database';

/** Migration "shared attempt limits". */
export const ATTEMPT_LIMITS_SQL = `
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
`;

/** Every this many reservations, keys whose window has passed are deleted. */
const SWEEP_EVERY = 500;

export function postgresAttemptStore(db: Queryable): AttemptStore {
  let untilSweep = SWEEP_EVERY;
  return {
    async reserve(scope, key, { now, max, windowMs, holdMs }) {
      if (--untilSweep <= 0) {
        untilSweep = SWEEP_EVERY;
        await db.query({
          name: 'me_sweep_attempts',
          text: `DELETE FROM attempt_limits a WHERE a.scope = $1 AND a.last_at <= $2
                 AND NOT EXISTS (SELECT 1 FROM attempt_reservations r WHERE r.scope = a.scope AND r.key = a.key)`,
          values: [scope, now - windowMs],
        });
      }
      const { rows } = await db.query<{ granted: boolean; retry_after: number | null; reservation: number | null }>({
        name: 'me_reserve_attempt',
        text: 'SELECT granted, retry_after, reservation FROM reserve_attempt($1, $2, $3, $4, $5, $6)',
        values: [scope, key, now, windowMs, max, holdMs],
      });
      const row = rows[0]!;
      if (row.granted) return { granted: true, reservation: row.reservation! };
      return row.retry_after === null ? { busy: true } : { granted: false, retryAfterMs: row.retry_after };
    },
    async settle(reservation, counted, { now, max }) {
      await db.query({
        name: 'me_settle_attempt',
        text: 'SELECT settle_attempt($1, $2, $3, $4)',
        values: [reservation, counted, now, max],
      });
    },
    async refusedFor(scope, key, { now, max, windowMs }) {
      const { rows } = await db.query<{ times: (string | number)[] }>({
        name: 'me_attempt_times',
        text: 'SELECT times FROM attempt_limits WHERE scope = $1 AND key = $2',
        values: [scope, key],
      });
      const times = (rows[0]?.times ?? []).map(Number).filter((time) => time > now - windowMs);
      if (times.length < max) return 0;
      return (times[times.length - max] ?? now) + windowMs - now;
    },
  };
}
