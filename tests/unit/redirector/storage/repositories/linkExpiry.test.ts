/**
 * The link-expiry check's query (docs/api.md#webhooks), read every 15 s: on a SQLite database
 * without statistics (a new install, or one never closed cleanly) it reads the click quotas and
 * looks their links up, instead of walking every row of `links` on each check (docs/performance.md,
 * "A custom domain and a split link, like with like"). Its answers on both stores:
 * tests/integration/redirector/events/linkExpired.test.ts.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DUE_SQL } from '../../../../../redirector/storage/repositories/linkExpiry';
import { openDatabase, type SqliteDatabase } from '../../../../../redirector/storage/sqlite/database';
import { makeTempDir } from '../../../../helpers/testServer';

let db: SqliteDatabase | undefined;
afterEach(() => {
  db?.close();
  db = undefined;
});

describe('the link-expiry query on SQLite', () => {
  it('searches links by key and by expiry date, never scanning the table', () => {
    db = openDatabase(path.join(makeTempDir('me-expiry-plan-'), 'me.sqlite'));
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${DUE_SQL}`).all(Date.now(), 100) as { detail: string }[]).map(
      (row) => row.detail,
    );
    expect(plan.filter((detail) => /^SCAN l\b/.test(detail))).toEqual([]);
    expect(plan.some((detail) => /^SCAN q\b/.test(detail))).toBe(true);
    expect(plan.some((detail) => /^SEARCH l USING INTEGER PRIMARY KEY/.test(detail))).toBe(true);
    expect(plan.some((detail) => /^SEARCH l USING COVERING INDEX links_expires_at/.test(detail))).toBe(true);
  });
});
