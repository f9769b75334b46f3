/**
 * A read a streaming standby cancels for a conflict with its recovery (docs/api.md#read-replicas)
 * runs again on the primary. A real conflict, on a standby of the test's own that waits for no
 * query (max_standby_streaming_delay=0): a table locked on the primary (ACCESS EXCLUSIVE, which the
 * standby replays) holds the summary's read on the standby at its second table while it holds the
 * first; a lock of that first table on the primary then cancels it there (SQLSTATE 40001,
 * "canceling statement due to conflict with recovery"), and the call once answered 500.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../redirector/config';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import {
  createOwnPostgres,
  createOwnStandby,
  type OwnPostgres,
  ownPostgresAvailable,
} from '../../../helpers/ownPostgres';
import { makeTempDir, NO_LINK_CHECKS, serveApp, TEST_ADMIN_KEY } from '../../../helpers/testServer';

const REPLICA_APP = 'me-redirector-replica';

/** Polls `check` every 100 ms until it holds (the test's own timeout ends a wait that never does). */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe.skipIf(!ownPostgresAvailable())('a read cancelled by the standby’s recovery', () => {
  let primary: OwnPostgres;
  let standby: OwnPostgres;
  let onStandby: pg.Client;
  let server: Awaited<ReturnType<typeof serveApp>>;
  let readerKey: string;

  beforeAll(async () => {
    primary = await createOwnPostgres(['fsync=off']);
    standby = await createOwnStandby(primary, ['fsync=off', 'max_standby_streaming_delay=0']);
    onStandby = new pg.Client({ connectionString: standby.url });
    await onStandby.connect();
    const config = loadConfig({
      PORT: '0',
      ADMIN_KEY: TEST_ADMIN_KEY,
      DATA_DIR: makeTempDir('me-replica-conflicts-'),
      DATABASE_URL: primary.url,
      DATABASE_REPLICA_URLS: `postgres://postgres@127.0.0.1:${standby.port}/postgres`,
      // The locks below hold the standby's replay a moment: it must stay in use.
      REPLICA_MAX_LAG_S: '3600',
      ...NO_LINK_CHECKS,
    });
    const store = await createPostgresStore(primary.url, { replicas: config.replicas });
    server = await serveApp(config, store);
    // A caller of its own, which never writes: its reads go to the standby.
    const key = await fetch(`${server.url}/api/keys`, {
      method: 'POST',
      headers: { 'X-API-Key': TEST_ADMIN_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'reader' }),
    });
    expect(key.status).toBe(201);
    readerKey = ((await key.json()) as { secret: string }).secret;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await onStandby?.end().catch(() => undefined);
    standby?.destroy();
    primary?.destroy();
  });

  const standbyCount = async (sql: string): Promise<number> => (await onStandby.query<{ n: number }>(sql)).rows[0]!.n;

  it('answers the summary from the primary, and the standby stays in use', async () => {
    // The summary reads link_count, then link_quarter_hours, in one snapshot (panels/summary.ts).
    const second = new pg.Client({ connectionString: primary.url });
    const first = new pg.Client({ connectionString: primary.url });
    await second.connect();
    await first.connect();
    let summary: Promise<Response> | undefined;
    try {
      await second.query('BEGIN');
      await second.query('LOCK TABLE link_quarter_hours IN ACCESS EXCLUSIVE MODE');
      // Replayed: the standby's recovery holds the table.
      await until(
        async () =>
          (await standbyCount(`SELECT COUNT(*)::int AS n FROM pg_locks
             WHERE relation = 'link_quarter_hours'::regclass AND mode = 'AccessExclusiveLock'`)) === 1,
      );
      summary = fetch(`${server.url}/api/analytics/summary`, { headers: { 'X-API-Key': readerKey } });
      // The summary waits on the standby, holding link_count.
      await until(
        async () =>
          (await standbyCount(`SELECT COUNT(*)::int AS n FROM pg_stat_activity
             WHERE application_name = '${REPLICA_APP}' AND wait_event_type = 'Lock'`)) === 1,
      );
      await first.query('BEGIN');
      await first.query('LOCK TABLE link_count IN ACCESS EXCLUSIVE MODE');
      // The replay of that lock cancels the summary's read on the standby: it waits there no more.
      await until(
        async () =>
          (await standbyCount(`SELECT COUNT(*)::int AS n FROM pg_stat_activity
             WHERE application_name = '${REPLICA_APP}' AND wait_event_type = 'Lock'`)) === 0,
      );
    } finally {
      await first.query('ROLLBACK').catch(() => undefined);
      await second.query('ROLLBACK').catch(() => undefined);
      await first.end();
      await second.end();
    }
    const answer = await summary!;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ totalLinks: expect.any(Number) });
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as { replicas: { state: string }[] };
    expect(health.replicas).toEqual([expect.objectContaining({ state: 'ok' })]);
  }, 60_000);
});
