/**
 * The click batch goes to PostgreSQL as one JSON parameter (postgres/clickInserts.ts). JSON.stringify
 * writes a lone surrogate (a string cut in the middle of a character) as an escape PostgreSQL's json
 * refuses; the batch must still be stored, each such character as U+FFFD, as the driver's text
 * encoding stored it before. Each click's link is checked by the links' key, whatever the number
 * of links: the check once read the whole links table per batch.
 */
import { describe, expect, it } from 'vitest';
import { clicksJson, postgresClickInserts } from '../../../../../redirector/storage/postgres/clickInserts';
import { createPool } from '../../../../../redirector/storage/postgres/database';
import { createPostgresStore } from '../../../../../redirector/storage/postgres/postgresStore';
import { onTestSchema } from '../../../../helpers/postgres';
import { newClick, newLink } from '../../../../helpers/records';

describe('click inserts on PostgreSQL', () => {
  const db = onTestSchema(async (schema) => ({ store: await createPostgresStore(schema.url) }));

  it('stores a batch holding lone surrogates, each as U+FFFD, and the rest of its text as sent', async () => {
    const { store } = db;
    const link = await store.links.create(newLink({ short_code: 'cut' }));
    const high = newClick(link.id, 1, { user_agent: 'cut \ud83d here 😀', device_info: 'back\\ud800slash' });
    const low = newClick(link.id, 2, { user_agent: 'cut \udc00 low', referrer_source: 'x\ud800' });
    await store.clicks.insertMany([high, low]);
    const listed = await store.clicks.listByLink(link.id);
    expect(listed.map((click) => [click.user_agent, click.device_info, click.referrer_source])).toEqual([
      ['cut \ufffd here 😀', 'back\\ud800slash', high.referrer_source],
      ['cut \ufffd low', low.device_info, 'x\ufffd'],
    ]);
  });

  it('writes a batch without lone surrogates as JSON.stringify does, paired surrogates kept', () => {
    const clicks = [newClick(1, 1, { user_agent: 'emoji 😀 and a backslash \\ud800' })];
    expect(clicksJson(clicks)).toBe(JSON.stringify(clicks));
    expect(JSON.parse(clicksJson(clicks))[0].user_agent).toBe('emoji 😀 and a backslash \\ud800');
  });

  it('checks each click of a batch for its link by the key, reading no link it was not sent, marked or not', async () => {
    const { store, schema } = db;
    await schema.query(
      `INSERT INTO links (target_url, short_code, created_at)
       SELECT 'https://example.com/' || i, 'many' || i, 0 FROM generate_series(1, 2000) i`,
    );
    await schema.query('ANALYZE links');
    const ids = (await schema.query<{ id: string }>('SELECT id FROM links ORDER BY id LIMIT 25')).map((row) =>
      Number(row.id),
    );
    const before = await store.clicks.countAll();
    // One connection: the transaction's statistics are read on the connection the insert ran on.
    const pool = createPool(schema.url, () => undefined, { max: 1 });
    try {
      const insert = postgresClickInserts(pool);
      for (const mark of [undefined, { set: { name: 'probe', value: 1 } }]) {
        await pool.query('BEGIN');
        await insert(
          ids.map((id, i) => newClick(id, i)),
          mark,
        );
        const { rows } = await pool.query<{ seq_scan: number; idx_scan: number }>(
          `SELECT seq_scan, idx_scan FROM pg_stat_xact_user_tables WHERE relid = 'links'::regclass`,
        );
        await pool.query('COMMIT');
        expect(rows[0]).toMatchObject({ seq_scan: 0 });
        expect(rows[0]?.idx_scan).toBeGreaterThanOrEqual(ids.length);
      }
      expect(await store.clicks.countAll()).toBe(before + 2 * ids.length);
    } finally {
      await pool.end();
    }
  });

  it("runs a batch as its connection's prepared statement, resolving once stored and rejecting when it fails", async () => {
    const { store } = db;
    const link = await store.links.create(newLink({ short_code: 'prep' }));
    // One connection: the statements prepared on it are the ones this pool's queries see.
    const pool = createPool(db.schema.url, () => undefined, { max: 1 });
    try {
      const insert = postgresClickInserts(pool);
      await insert([newClick(link.id, 1)]);
      await insert([newClick(link.id, 2)], { set: { name: 'place', value: 1 } });
      expect((await store.clicks.listByLink(link.id)).map((click) => click.clicked_at)).toEqual([1, 2]);
      const { rows } = await pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name');
      expect(rows.map((row) => row.name)).toEqual(['me_insert_clicks', 'me_insert_marked_clicks']);
      // A variant beyond smallint fails the statement: the insert says so rather than resolving.
      await expect(insert([newClick(link.id, 3, { variant: 70_000 })])).rejects.toThrow(/out of range/);
    } finally {
      await pool.end();
    }
  });
});
