/**
 * The click inserts' own pool: its connections wait for the WAL flush like every other, so that an
 * answered click survives a crash of the PostgreSQL server (docs/api.md#when-a-click-is-stored).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  CLICK_INSERT_CONNECTIONS,
  createClickPool,
  createPool,
  type PgPool,
} from '../../../../redirector/storage/postgres/database';
import { TEST_DATABASE_URL } from '../../../helpers/postgres';

const pools: PgPool[] = [];
const log = () => undefined;

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

async function settingOf(pool: PgPool): Promise<string> {
  const { rows } = await pool.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
  return rows[0]!.synchronous_commit;
}

describe('the click pool', () => {
  it('keeps synchronous_commit on for every connection it opens, as the main pool does', async () => {
    const clicks = createClickPool(TEST_DATABASE_URL, log);
    const main = createPool(TEST_DATABASE_URL, log);
    pools.push(clicks, main);
    // Every connection at once, so that each is a new one.
    const clients = await Promise.all(Array.from({ length: CLICK_INSERT_CONNECTIONS }, () => clicks.connect()));
    try {
      const settings = await Promise.all(
        clients.map(async (client) => (await client.query('SHOW synchronous_commit')).rows[0].synchronous_commit),
      );
      expect(settings).toEqual(Array(CLICK_INSERT_CONNECTIONS).fill('on'));
    } finally {
      for (const client of clients) client.release();
    }
    expect(await settingOf(main)).toBe('on');
  });
});
