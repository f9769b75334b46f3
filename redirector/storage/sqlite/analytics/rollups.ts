/**
 * Folds stored clicks into the analytics rollups (schema.ts) in batches by rowid. A fold is one
 * transaction: the rollups and the fold position move together, so they always describe exactly
 * the clicks up to `folded_click_id`. Bots move the position but are never counted.
 */
import { visitorIdentitySql } from '../../visitorIdentity';
import type { SqliteDatabase } from '../database';
import {
  NEW_LINK_DAYS_TABLE_SQL,
  sqliteDayFoldStatements,
  sqliteLinkReturnFoldStatements,
  sqliteServiceDayFoldStatements,
} from './schema';

/** Clicks kept per link for "recent clicks" (the API shows 100). Trimmed back to this at twice as many. */
export const RECENT_KEPT = 100;
const RECENT_TRIM_AT = 2 * RECENT_KEPT;

/**
 * A connection's scratch table (temp_store is MEMORY, so it never touches the disk), made once per
 * connection: `columns` maps each column to its type and constraints.
 */
export function tempTableSql(name: string, columns: Record<string, string>): string {
  const definitions = Object.entries(columns).map(([column, type]) => `${column} ${type}`);
  return `CREATE TEMP TABLE IF NOT EXISTS ${name} (${definitions.join(', ')})`;
}

/**
 * The human clicks of the chunk being folded, copied once into an in-memory table with only the
 * columns the rollups need: every statement below reads this narrow copy instead of scanning the
 * wide clicks rows again.
 */
const CHUNK_TABLE = tempTableSql('fold_chunk', {
  id: 'INTEGER PRIMARY KEY',
  link_id: 'INTEGER NOT NULL',
  clicked_at: 'INTEGER NOT NULL',
  // The visitor's identity (visitorIdentity.ts), as in every rollup's ip_address.
  ip_address: 'TEXT NOT NULL',
  country: 'TEXT NOT NULL',
  city: 'TEXT',
  device_type: 'TEXT NOT NULL',
  device_info: 'TEXT',
  browser: 'TEXT',
  os: 'TEXT',
  referrer_source: 'TEXT',
  instagram_exit: 'INTEGER NOT NULL',
  blocked: 'INTEGER NOT NULL',
});

/**
 * A read folds at most this many clicks first (a fraction of a second). Normally the background
 * fold leaves far fewer, and every figure is exact; only a flood of clicks that outruns it leaves
 * more, and then figures lag behind by the rest instead of a read holding up the redirects
 * (docs/api.md#resolving-a-short-link: the redirect path never waits on analytics).
 */
export const READ_FOLD_LIMIT = 20_000;

export interface RollupFolder {
  /** Folds clicks stored since the last fold, at most maxRows of them (default: all). Returns how many click ids it passed. */
  fold(maxRows?: number): number;
  /** What a read does first: fold(READ_FOLD_LIMIT). */
  foldBeforeRead(): void;
  /** Click ids not folded yet (bots included). */
  pending(): number;
}

const folders = new WeakMap<SqliteDatabase, RollupFolder>();

/** One folder per connection (the link list and the analytics queries share it). */
export function rollupFolder(db: SqliteDatabase): RollupFolder {
  let folder = folders.get(db);
  if (!folder) {
    folder = createRollupFolder(db);
    folders.set(db, folder);
  }
  return folder;
}

function createRollupFolder(db: SqliteDatabase): RollupFolder {
  db.exec(CHUNK_TABLE);
  db.exec(NEW_LINK_DAYS_TABLE_SQL);
  const clearChunk = db.prepare('DELETE FROM temp.fold_chunk');
  const loadChunk = db.prepare(`
    INSERT INTO temp.fold_chunk
    SELECT id, link_id, clicked_at, ${visitorIdentitySql()}, country, city, device_type, device_info, browser, os,
           referrer_source, instagram_exit, blocked
    FROM clicks WHERE id > @from AND id <= @to AND is_bot = 0`);
  const position = db.prepare('SELECT folded_click_id FROM analytics_fold WHERE id = 1').pluck();
  const lastId = db.prepare('SELECT COALESCE(MAX(id), 0) FROM clicks').pluck();
  const chunkEnd = db.prepare('SELECT MAX(id) FROM (SELECT id FROM clicks WHERE id > ? ORDER BY id LIMIT ?)').pluck();
  const statements = [
    db.prepare(`
      INSERT INTO link_totals (link_id, clicks, visitors, blocked, instagram_exits, engaged, recent_rows)
      SELECT c.link_id, COUNT(*), 0, SUM(c.blocked), SUM(c.instagram_exit),
             SUM(c.referrer_source IS NOT NULL OR c.instagram_exit = 1), COUNT(*)
      FROM temp.fold_chunk c GROUP BY c.link_id
      ON CONFLICT (link_id) DO UPDATE SET
        clicks = clicks + excluded.clicks, blocked = blocked + excluded.blocked,
        instagram_exits = instagram_exits + excluded.instagram_exits, engaged = engaged + excluded.engaged,
        recent_rows = recent_rows + excluded.recent_rows`),
    // Before link_visitors learns this chunk's addresses: which are new to their link.
    db.prepare(`
      UPDATE link_totals SET visitors = visitors + fresh.n FROM (
        SELECT p.link_id, COUNT(*) AS n
        FROM (SELECT DISTINCT c.link_id, c.ip_address FROM temp.fold_chunk c) p
        WHERE NOT EXISTS (SELECT 1 FROM link_visitors v WHERE v.link_id = p.link_id AND v.ip_address = p.ip_address)
        GROUP BY p.link_id
      ) AS fresh
      WHERE link_totals.link_id = fresh.link_id`),
    db.prepare(`
      INSERT INTO link_dimensions (link_id, dimension, value, clicks)
      SELECT * FROM (
        SELECT c.link_id, 'device_type', c.device_type, COUNT(*) FROM temp.fold_chunk c GROUP BY 1, 3
        UNION ALL
        SELECT c.link_id, 'country', c.country, COUNT(*) FROM temp.fold_chunk c GROUP BY 1, 3
        UNION ALL
        SELECT c.link_id, 'browser', COALESCE(c.browser, ''), COUNT(*) FROM temp.fold_chunk c GROUP BY 1, 3
        UNION ALL
        SELECT c.link_id, 'os', COALESCE(c.os, ''), COUNT(*) FROM temp.fold_chunk c GROUP BY 1, 3
        UNION ALL
        SELECT c.link_id, 'referrer', COALESCE(c.referrer_source, ''), COUNT(*) FROM temp.fold_chunk c GROUP BY 1, 3
        UNION ALL
        SELECT c.link_id, 'device_info', COALESCE(c.device_info, ''), COUNT(*) FROM temp.fold_chunk c GROUP BY 1, 3
        UNION ALL
        SELECT c.link_id, 'blocked_country', c.country, COUNT(*) FROM temp.fold_chunk c WHERE c.blocked = 1
        GROUP BY 1, 3
      ) WHERE true
      ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks`),
    db.prepare(`
      INSERT INTO link_quarter_hours (link_id, quarter_hour, clicks)
      SELECT c.link_id, c.clicked_at / 900000, COUNT(*) FROM temp.fold_chunk c GROUP BY 1, 2
      ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks`),
    db.prepare(`
      INSERT INTO link_visitors (link_id, ip_address, country, city, clicks, last_clicked_at)
      SELECT c.link_id, c.ip_address, c.country, COALESCE(c.city, ''), COUNT(*), MAX(c.clicked_at)
      FROM temp.fold_chunk c GROUP BY 1, 2, 3, 4
      ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks,
        last_clicked_at = MAX(last_clicked_at, excluded.last_clicked_at)`),
    // Before visitors learns this chunk: each address moves from its old visit count to the new one.
    db.prepare(`
      INSERT INTO visit_frequency (visits, visitors)
      SELECT visits, SUM(change) FROM (
        SELECT v.clicks AS visits, -1 AS change
        FROM (SELECT ip_address, COUNT(*) AS n FROM temp.fold_chunk GROUP BY ip_address) d
        JOIN visitors v ON v.ip_address = d.ip_address
        UNION ALL
        SELECT COALESCE(v.clicks, 0) + d.n AS visits, 1 AS change
        FROM (SELECT ip_address, COUNT(*) AS n FROM temp.fold_chunk GROUP BY ip_address) d
        LEFT JOIN visitors v ON v.ip_address = d.ip_address
      ) WHERE true GROUP BY visits
      ON CONFLICT (visits) DO UPDATE SET visitors = visitors + excluded.visitors`),
    db.prepare('DELETE FROM visit_frequency WHERE visitors <= 0'),
    db.prepare(`
      INSERT INTO visitors (ip_address, clicks, last_clicked_at)
      SELECT c.ip_address, COUNT(*), MAX(c.clicked_at) FROM temp.fold_chunk c GROUP BY 1
      ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks,
        last_clicked_at = MAX(last_clicked_at, excluded.last_clicked_at)`),
    ...sqliteDayFoldStatements('temp.fold_chunk').map((sql) => db.prepare(sql)),
    // After the day visitors: which of their (link, visitor, day) rows this chunk added.
    ...sqliteLinkReturnFoldStatements('temp.fold_chunk').map((sql) => db.prepare(sql)),
    ...sqliteServiceDayFoldStatements('temp.fold_chunk').map((sql) => db.prepare(sql)),
    db.prepare(`
      INSERT INTO link_recent_clicks (link_id, clicked_at, click_id)
      SELECT c.link_id, c.clicked_at, c.id FROM temp.fold_chunk c ORDER BY 1, 2, 3`),
  ];
  const overfull = db
    .prepare(`
      SELECT link_id FROM link_totals
      WHERE recent_rows > ${RECENT_TRIM_AT} AND link_id IN (SELECT link_id FROM temp.fold_chunk)`)
    .pluck();
  const trim = db.prepare(`
    DELETE FROM link_recent_clicks WHERE link_id = @linkId AND (clicked_at, click_id) < (
      SELECT clicked_at, click_id FROM link_recent_clicks WHERE link_id = @linkId
      ORDER BY clicked_at DESC, click_id DESC LIMIT 1 OFFSET ${RECENT_KEPT - 1})`);
  const trimmed = db.prepare(`UPDATE link_totals SET recent_rows = ${RECENT_KEPT} WHERE link_id = ?`);
  const moveTo = db.prepare('UPDATE analytics_fold SET folded_click_id = ? WHERE id = 1');

  // Run IMMEDIATE: the command line may fold in its own process, and a deferred transaction that
  // read before another process committed would fail on its first write instead of waiting.
  const foldChunk = db.transaction((maxRows: number): number => {
    const from = position.get() as number;
    const to = chunkEnd.get(from, maxRows) as number | null;
    if (to === null) return 0;
    clearChunk.run();
    loadChunk.run({ from, to });
    for (const statement of statements) statement.run();
    for (const linkId of overfull.all() as number[]) {
      trim.run({ linkId });
      trimmed.run(linkId);
    }
    clearChunk.run();
    moveTo.run(to);
    return to - from;
  });

  return {
    fold(maxRows = Number.MAX_SAFE_INTEGER) {
      return foldChunk.immediate(maxRows);
    },
    foldBeforeRead() {
      foldChunk.immediate(READ_FOLD_LIMIT);
    },
    pending() {
      return Math.max(0, (lastId.get() as number) - (position.get() as number));
    },
  };
}
