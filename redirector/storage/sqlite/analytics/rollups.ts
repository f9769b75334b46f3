/**
 * Folds stored clicks into the analytics rollups (schema.ts) in batches by rowid. A fold is one
 * transaction: the rollups and the fold position move together, so they always describe exactly
 * the clicks up to `folded_click_id`. Bots move the position but are never counted.
 */
import { RECENT_KEPT } from '../../analytics/sql/recentClicks';
import { tempTableSql } from '../../analytics/sql/tempTable';
import { visitorIdentitySql } from '../../visitorIdentity';
import type { SqliteDatabase } from '../database';
import { FOLD_SCRATCH_TABLES_SQL, NEW_LINK_DAYS_TABLE_SQL, sqliteFoldStatements } from './foldStatements';

/** link_recent_clicks is trimmed back to RECENT_KEPT per link at twice as many. */
const RECENT_TRIM_AT = 2 * RECENT_KEPT;

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

/**
 * The fold's state on one connection: the store makes one (createRollupFolder) and hands it to
 * everything that folds before reading (the analytics runner, the link list's counts).
 */
export interface RollupFolder {
  /** Folds clicks stored since the last fold, at most maxRows of them (default: all). Returns how many click ids it passed. */
  fold(maxRows?: number): number;
  /** What a read does first: fold(READ_FOLD_LIMIT). */
  foldBeforeRead(): void;
  /** Click ids not folded yet (bots included). */
  pending(): number;
}

/** The fold's position: every click id up to it is folded (bots included). */
const POSITION_SQL = 'SELECT folded_click_id FROM analytics_fold WHERE id = 1';

/**
 * Click ids stored and not folded yet, bots included (RollupFolder.pending). The bench reads it on a
 * read-only connection of its own while the server runs (scripts/bench/database.ts).
 */
export function pendingClicks(db: SqliteDatabase): () => number {
  const position = db.prepare(POSITION_SQL).pluck();
  const lastId = db.prepare('SELECT COALESCE(MAX(id), 0) FROM clicks').pluck();
  return () => Math.max(0, (lastId.get() as number) - (position.get() as number));
}

/**
 * The fold's statements are prepared at its first use, not when the store opens: `me check`
 * (upgrade: false) opens a database of an older release, whose tables lack what they name
 * (docs/api.md#migrations).
 */
export function createRollupFolder(db: SqliteDatabase): RollupFolder {
  let foldChunk: ReturnType<typeof prepareFold> | undefined;
  let pending: (() => number) | undefined;
  const fold = (maxRows: number) => {
    foldChunk ??= prepareFold(db);
    return foldChunk.immediate(maxRows);
  };
  return {
    fold: (maxRows = Number.MAX_SAFE_INTEGER) => fold(maxRows),
    foldBeforeRead() {
      fold(READ_FOLD_LIMIT);
    },
    pending() {
      pending ??= pendingClicks(db);
      return pending();
    },
  };
}

/** One fold of at most maxRows clicks, as a transaction (run IMMEDIATE). */
function prepareFold(db: SqliteDatabase) {
  db.exec(CHUNK_TABLE);
  db.exec(NEW_LINK_DAYS_TABLE_SQL);
  db.exec(FOLD_SCRATCH_TABLES_SQL);
  const clearChunk = db.prepare('DELETE FROM temp.fold_chunk');
  const loadChunk = db.prepare(`
    INSERT INTO temp.fold_chunk
    SELECT id, link_id, clicked_at, ${visitorIdentitySql()}, country, city, device_type, device_info, browser, os,
           referrer_source, instagram_exit, blocked
    FROM clicks WHERE id > @from AND id <= @to AND is_bot = 0`);
  const position = db.prepare(POSITION_SQL).pluck();
  const chunkEnd = db.prepare('SELECT MAX(id) FROM (SELECT id FROM clicks WHERE id > ? ORDER BY id LIMIT ?)').pluck();
  const statements = sqliteFoldStatements('temp.fold_chunk').map((sql) => db.prepare(sql));
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
  return db.transaction((maxRows: number): number => {
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
}
