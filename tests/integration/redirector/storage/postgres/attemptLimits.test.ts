/**
 * The attempt limits' two server-side calls on a real PostgreSQL (docs/api.md#hardening-and-privacy):
 * a settle and a reserve of one key, each on its own connection, never wait on each other in a
 * circle. A reserve drops reservations that have expired; when it meets one whose settle is under
 * way, it must not deadlock with it (PostgreSQL would abort one of them, and the API answer 500).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAttemptStore } from '../../../../../redirector/storage/postgres/attemptLimits';
import { connectionConfig } from '../../../../../redirector/storage/postgres/database';
import { createPostgresStore, type PostgresStore } from '../../../../../redirector/storage/postgres/postgresStore';
import { createTestSchema, type TestSchema } from '../../../../helpers/postgres';
import { waitFor } from '../../../../helpers/webhookReceiver';

const HOUR = 60 * 60 * 1000;
const LIMITS = { max: 10, windowMs: 15 * 60 * 1000, holdMs: 30_000 };

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client(connectionConfig(url));
  await client.connect();
  return client;
}

/** Resolves once the backend `pid` waits for a lock another connection holds. */
function waitsForLock(watcher: pg.Client, pid: number): Promise<void> {
  const check = async () =>
    (await watcher.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'", [pid])).rows
      .length > 0;
  return waitFor(check, 5_000, `backend ${pid} to wait for a lock`);
}

describe('attempt limits on PostgreSQL', () => {
  let schema: TestSchema;
  let store: PostgresStore;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    schema = await createTestSchema();
    store = await createPostgresStore(schema.url);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await store?.close();
    await schema?.drop();
  });

  it('a reserve that drops an expired reservation while its settle is under way does not deadlock', async () => {
    const [settler, reserver, watcher] = await Promise.all([1, 2, 3].map(() => connect(schema.url)));
    clients.push(settler!, reserver!, watcher!);
    const now = Date.UTC(2026, 0, 5, 12);
    const first = await postgresAttemptStore(settler!).reserve('credentials', 'k', { now, ...LIMITS });
    expect(first).toMatchObject({ granted: true });
    const reservation = (first as { reservation: number }).reservation;

    // Another instance holds the key's row, as a reserve of its own does while it runs.
    await reserver!.query('BEGIN');
    await reserver!.query("SELECT 1 FROM attempt_limits WHERE scope = 'credentials' AND key = 'k' FOR UPDATE");
    const { rows } = await settler!.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const settled = postgresAttemptStore(settler!)
      .settle(reservation, true, { now, max: LIMITS.max })
      .then(
        () => 'settled',
        (error: Error) => error.message,
      );
    await waitsForLock(watcher!, rows[0]!.pid);

    // An hour later by that instance's clock the first reservation has expired: its reserve drops it.
    const later = await reserver!
      .query('SELECT granted, reservation FROM reserve_attempt($1, $2, $3, $4, $5, $6)', [
        'credentials',
        'k',
        now + HOUR,
        LIMITS.windowMs,
        LIMITS.max,
        LIMITS.holdMs,
      ])
      .then(
        (result) => result.rows[0] as { granted: boolean },
        (error: Error) => error.message,
      );
    await reserver!.query(typeof later === 'string' ? 'ROLLBACK' : 'COMMIT');
    expect([later, await settled]).toEqual([expect.objectContaining({ granted: true }), 'settled']);

    // The settle came after the reservation had expired: nothing was counted, one place is reserved.
    const [limits] = await watcher!.query("SELECT times FROM attempt_limits WHERE key = 'k'").then((r) => r.rows);
    expect(limits.times).toEqual([]);
    const { rows: live } = await watcher!.query("SELECT expires_at FROM attempt_reservations WHERE key = 'k'");
    expect(live).toEqual([{ expires_at: now + HOUR + LIMITS.holdMs }]);
  });
});
