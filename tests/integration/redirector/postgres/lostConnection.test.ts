/**
 * A connection lost in the middle of a transaction (the server stopped, an administrator's
 * pg_terminate_backend) fails that transaction's work and nothing else: the checked-out client's
 * 'error' event is heard (storage/postgres/database.ts inTransaction), so it cannot end the process
 * (docs/api.md#when-the-database-is-unreachable).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createPool, inTransaction, type PgPool } from '../../../../redirector/storage/postgres/database';
import { TEST_DATABASE_URL } from '../../../helpers/postgres';

const pools: PgPool[] = [];
const log = () => undefined;

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

describe('inTransaction', () => {
  it('rejects when its connection is terminated between two queries, and the pool goes on', async () => {
    const pool = createPool(TEST_DATABASE_URL, log);
    const admin = createPool(TEST_DATABASE_URL, log);
    pools.push(pool, admin);
    const work = inTransaction(pool, async (client) => {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      // The loss arrives while no query of this client runs: only its 'error' event tells.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await client.query('SELECT 1');
    });
    await expect(work).rejects.toThrow();
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
  });
});
