/**
 * Attempt limits kept in PostgreSQL, so that every instance on the database counts toward one limit
 * per client key (auth/sharedAttemptLimiter.ts builds the limiter on these two calls).
 *
 * Each call is one function call on the server, one round trip and one transaction: `reserve`
 * locks the key's row, drops times that left the window and expired reservations, and grants a
 * place only while counted times plus live reservations stay under the maximum; `settle` removes
 * the reservation and, when counted, adds its time. A reservation expires after `holdMs`, so an
 * instance killed in the middle of an attempt frees its place instead of holding it forever. Both
 * functions and their tables are PostgreSQL's migration 6 (migrations/postgres/); migration 24 makes
 * `settle` lock the key's row before it deletes the reservation, the order `reserve` takes them in.
 */
import type { AttemptStore } from '../store';
import type { Queryable } from './database';

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
    async renew(reservations, expiresAt) {
      if (reservations.length === 0) return;
      await db.query({
        name: 'me_renew_attempts',
        text: 'UPDATE attempt_reservations SET expires_at = $2 WHERE id = ANY($1::bigint[])',
        values: [reservations, expiresAt],
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
