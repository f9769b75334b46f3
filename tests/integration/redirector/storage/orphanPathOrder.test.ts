/**
 * Orphan visits' top paths (docs/api.md#orphan-visits) come in the same order on both stores: most
 * visited first, then by path as SQLite orders text (its code points), also on a PostgreSQL database
 * whose text is collated by a language (a database made with an en_US locale collates every text
 * column so): ties and the cut at `top` then pick the same paths.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import type { OrphanVisit } from '../../../../redirector/storage/repositories/orphanVisitRepository';
import { createSqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import type { Store } from '../../../../redirector/storage/store';
import { createTestSchema, type TestSchema } from '../../../helpers/postgres';
import { makeTempDir } from '../../../helpers/testServer';

const AT = Date.UTC(2026, 5, 1, 12);
const visitOf = (visitPath: string): OrphanVisit => ({
  domain: '',
  path: visitPath,
  kind: 'not_found',
  visited_at: AT,
  country: null,
  referrer: null,
});

describe('orphan visits’ top paths on both stores', () => {
  let schema: TestSchema;
  let postgres: Store;
  let sqlite: Store;

  beforeAll(async () => {
    schema = await createTestSchema();
    postgres = await createPostgresStore(schema.url);
    // As on a database made with an en_US locale: the column collated by the language, not by code point.
    await schema.query('ALTER TABLE orphan_visits ALTER COLUMN path TYPE text COLLATE "en-US-x-icu"');
    sqlite = createSqliteStore(path.join(makeTempDir('me-orphans-'), 'me.sqlite'));
  });
  afterAll(async () => {
    await postgres?.close();
    await schema?.drop();
    sqlite?.close();
  });

  it('orders ties by code point and cuts at the same paths', async () => {
    const paths = ['/alpha', '/Zeta', '/_promo', '/Beta', '/a-b', '/ab', '/often', '/often'];
    for (const store of [sqlite, postgres]) await store.orphanVisits.record(paths.map(visitOf));
    const expected = [
      { path: '/often', visits: 2 },
      { path: '/Beta', visits: 1 },
      { path: '/Zeta', visits: 1 },
      { path: '/_promo', visits: 1 },
    ];
    for (const store of [sqlite, postgres]) {
      expect((await store.orphanVisits.report('', {}, 4)).top_paths).toEqual(expected);
    }
    const all = await sqlite.orphanVisits.report('', {}, 20);
    expect(await postgres.orphanVisits.report('', {}, 20)).toEqual(all);
    expect(all.top_paths.map((row) => row.path)).toEqual([
      '/often',
      '/Beta',
      '/Zeta',
      '/_promo',
      '/a-b',
      '/ab',
      '/alpha',
    ]);
  });
});
