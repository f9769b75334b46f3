/**
 * The total of the unfiltered link list (X-Total-Count) on both stores: exact after creates, bulk
 * imports, deletes and a user's deletion (their links go by cascade). PostgreSQL keeps it in a
 * counter row (PostgreSQL's migration 14), which must also stay exact while two stores on one
 * schema create, import and delete at once, and start from the links already there when its
 * migration runs.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { cliScope } from '../../../../redirector/auth/scope';
import { postgresMigrations as pgMigrations } from '../../../../redirector/storage/migrations/postgres';
import { migrate } from '../../../../redirector/storage/postgres/migrate';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import type { NewTaggedLink, Store } from '../../../../redirector/storage/store';
import { createTestSchema } from '../../../helpers/postgres';
import { newLink, newUser, openForEachTest, STORE_KINDS } from './storeKinds';

const EVERY_LINK = { scope: cliScope(), q: '', tag: '', sort: 'clicks', order: 'desc', limit: 10, offset: 0 } as const;
const NO_LIMIT = { maxLinks: undefined, randomCode: () => 'never' };

const tagged = (shortCode: string, userId: number | null = null): NewTaggedLink => ({
  ...newLink({ short_code: shortCode, user_id: userId }),
  tags: ['t'],
});

async function total(store: Store): Promise<number> {
  return (await store.links.page(EVERY_LINK)).total;
}

describe.each(STORE_KINDS)('the total of every link on $kind', (kind) => {
  let store: Store;
  openForEachTest(kind, (opened) => {
    store = opened;
  });

  it('follows creates, bulk imports with taken codes, deletes and a deleted user', async () => {
    expect(await total(store)).toBe(0);
    const first = await store.links.create(newLink({ short_code: 'one' }));
    await store.links.create(newLink({ short_code: 'two' }));
    expect(await total(store)).toBe(2);

    const ada = await store.users.create(newUser());
    const imported = await store.links.insertMany(
      [tagged('a1', ada.id), tagged('one', ada.id), tagged('a2', ada.id), tagged('a3', ada.id)],
      NO_LIMIT,
    );
    expect(imported.filter((outcome) => outcome === 'taken')).toHaveLength(1);
    expect(await total(store)).toBe(5);

    expect(await store.links.delete(first.id)).toBe(true);
    expect(await store.links.delete(first.id)).toBe(false);
    expect(await total(store)).toBe(4);

    expect(await store.users.delete(ada.id)).toBe(true);
    expect(await total(store)).toBe(1);
    const filtered = await store.links.page({ ...EVERY_LINK, q: 'two' });
    expect(filtered.total).toBe(1);
  });
});

describe('the link counter row on PostgreSQL', () => {
  it('stays exact while two stores on one schema create, import and delete at once', async () => {
    const schema = await createTestSchema();
    const one = await createPostgresStore(schema.url);
    const two = await createPostgresStore(schema.url);
    try {
      const owner = await one.users.create(newUser());
      const work = (store: Store, name: string, ownerId: number | null) =>
        Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            const link = await store.links.create(newLink({ short_code: `${name}-${i}` }));
            await store.links.insertMany(
              [tagged(`${name}-${i}-a`, ownerId), tagged(`${name}-${i}-b`), tagged(`${name}-${i}-c`)],
              NO_LIMIT,
            );
            if (i % 2 === 0) await store.links.delete(link.id);
          }),
        );
      await Promise.all([work(one, 'one', owner.id), work(two, 'two', owner.id)]);

      const [before] = await schema.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM links');
      const n = before!.n;
      expect(n).toBe(2 * (20 * 4 - 10));
      expect(await total(one)).toBe(n);
      expect(await total(two)).toBe(n);

      // The owner's links go by cascade, while the other store keeps creating.
      await Promise.all([one.users.delete(owner.id), work(two, 'again', null)]);
      const [after] = await schema.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM links');
      expect(after!.n).toBe(n - 40 + (20 * 4 - 10));
      expect(await total(one)).toBe(after!.n);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await schema.drop();
    }
  });

  it('starts from the links stored before its migration', async () => {
    const schema = await createTestSchema();
    const counted = pgMigrations.findIndex((migration) => migration.sql.includes('CREATE TABLE link_count'));
    expect(counted).toBeGreaterThan(0);
    const pool = new pg.Pool({ connectionString: schema.url });
    try {
      await migrate(pool, pgMigrations.slice(0, counted));
      await pool.query(
        "INSERT INTO links (target_url, short_code, created_at) SELECT 'https://example.com/', 'c' || i, 0 FROM generate_series(1, 7) i",
      );
    } finally {
      await pool.end();
    }
    const store = await createPostgresStore(schema.url);
    try {
      expect(await total(store)).toBe(7);
      await store.links.create(newLink({ short_code: 'eighth' }));
      expect(await total(store)).toBe(8);
    } finally {
      await store.close();
      await schema.drop();
    }
  });
});
