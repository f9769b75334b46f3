/** Online visitors: each address's latest click in the window and its first click of the last day. */
import type { LiveData, LiveVisitorRow } from '../../analyticsQueries';
import { columnList } from '../../executor';
import type { Queryable } from '../../postgres/database';
import { CLICK_COLUMNS } from '../../repositories/columns';
import type { SqliteDatabase } from '../../sqlite/database';
import { visitorIdentitySql } from '../../visitorIdentity';
import { tempTableSql } from '../sql/tempTable';
import type { Panel } from './panel';
import { POSTGRES_CLICK_WITH_LINK, sqliteClickWithLink } from './realtime';

export interface LiveOptions {
  now: number;
  windowMs: number;
  durationWindowMs: number;
  limit: number;
}

const ONLINE_TABLE = tempTableSql('live_online', {
  visitor: 'TEXT PRIMARY KEY',
  click_id: 'INTEGER NOT NULL',
  clicked_at: 'INTEGER NOT NULL',
  first_clicked_at: 'INTEGER NOT NULL',
  country: 'TEXT NOT NULL',
  device_type: 'TEXT NOT NULL',
});

const SQLITE_IDENTITY = visitorIdentitySql();

/** SQLite: each online visitor's latest click, its first click of the day filled in next (SQLITE_LIVE_FIRSTS). */
const SQLITE_LIVE_LATEST = `
  INSERT INTO temp.live_online (visitor, click_id, clicked_at, first_clicked_at, country, device_type)
  SELECT visitor, id, clicked_at, clicked_at, country, device_type FROM (
    SELECT id, ${SQLITE_IDENTITY} AS visitor, clicked_at, country, device_type,
           ROW_NUMBER() OVER (PARTITION BY ${SQLITE_IDENTITY} ORDER BY clicked_at DESC, id DESC) AS rank
    FROM clicks WHERE clicked_at > @since AND clicked_at <= @now AND is_bot = 0
  ) latest WHERE rank = 1`;

/**
 * Each online visitor's first click of the last 24 hours, looked up through the online table's key.
 * Joined as two subqueries instead, SQLite compared every online visitor with every visitor of the
 * day (no index on either side): at 300,000 clicks a day, the default 5 minutes took 9 s and 30
 * minutes 50 s; this way 0.2 s (docs/api.md#get-apianalyticsliveminutes-administrator).
 */
const SQLITE_LIVE_FIRSTS = `
  UPDATE temp.live_online SET first_clicked_at = f.first_clicked_at FROM (
    SELECT ${SQLITE_IDENTITY} AS visitor, MIN(clicked_at) AS first_clicked_at FROM clicks
    WHERE clicked_at > @durationSince AND clicked_at <= @now AND is_bot = 0
      AND ${SQLITE_IDENTITY} IN (SELECT visitor FROM temp.live_online)
    GROUP BY 1
  ) f WHERE f.visitor = live_online.visitor`;

/**
 * SQLite: the online set is computed once per call into an in-memory table (narrow columns), then
 * counted and paged from there; only the returned rows are joined back to the wide clicks rows.
 */
function sqliteLive(db: SqliteDatabase) {
  db.exec(ONLINE_TABLE);
  const clear = db.prepare('DELETE FROM temp.live_online');
  const latest = db.prepare(SQLITE_LIVE_LATEST);
  const firsts = db.prepare(SQLITE_LIVE_FIRSTS);
  const totals = db.prepare(`
    SELECT COUNT(*) AS online,
           COUNT(DISTINCT CASE WHEN country <> 'XX' THEN country END) AS countries,
           COALESCE(SUM(device_type IN ('ios', 'android')), 0) AS mobile,
           COALESCE(SUM(clicked_at - first_clicked_at), 0) AS totalDurationMs
    FROM temp.live_online`);
  const rows = db.prepare(`
    SELECT ${columnList(CLICK_COLUMNS, 'c')}, l.title AS link_title, l.short_code, o.first_clicked_at
    FROM temp.live_online o JOIN clicks c ON c.id = o.click_id JOIN links l ON l.id = c.link_id
    ORDER BY o.clicked_at DESC, o.click_id DESC LIMIT ?`);
  const read = db.transaction((params: { now: number; since: number; durationSince: number }, limit: number) => {
    clear.run();
    latest.run({ now: params.now, since: params.since });
    firsts.run({ now: params.now, durationSince: params.durationSince });
    const figures = totals.get() as Omit<LiveData, 'visitors'>;
    const visitors = (rows.all(limit) as Record<string, unknown>[]).map(sqliteClickWithLink<LiveVisitorRow>);
    clear.run();
    return { ...figures, visitors };
  });

  return (options: LiveOptions): LiveData =>
    read(
      {
        now: options.now,
        since: options.now - options.windowMs,
        durationSince: options.now - options.durationWindowMs,
      },
      options.limit,
    );
}

// $1 now, $2 window start, $3 duration window start.
const ONLINE = `
  WITH ranked AS (
    SELECT ${columnList(CLICK_COLUMNS, 'c')}, ${visitorIdentitySql('c')} AS visitor,
           ROW_NUMBER() OVER (PARTITION BY ${visitorIdentitySql('c')} ORDER BY c.clicked_at DESC, c.id DESC) AS rank
    FROM clicks c WHERE c.clicked_at > $2 AND c.clicked_at <= $1 AND NOT c.is_bot
  ),
  latest AS (SELECT * FROM ranked WHERE rank = 1),
  firsts AS (
    SELECT ${visitorIdentitySql('c')} AS visitor, MIN(c.clicked_at) AS first_clicked_at FROM clicks c
    WHERE c.clicked_at > $3 AND c.clicked_at <= $1 AND NOT c.is_bot
      AND ${visitorIdentitySql('c')} IN (SELECT visitor FROM latest)
    GROUP BY 1
  ),
  online AS (SELECT latest.*, firsts.first_clicked_at FROM latest JOIN firsts USING (visitor))`;

async function postgresLive(db: Queryable, options: LiveOptions): Promise<LiveData> {
  const params = [options.now, options.now - options.windowMs, options.now - options.durationWindowMs];
  const totals = await db.query<Omit<LiveData, 'visitors'>>(
    `${ONLINE}
     SELECT COUNT(*) AS online,
            COUNT(DISTINCT CASE WHEN country <> 'XX' THEN country END) AS countries,
            COUNT(*) FILTER (WHERE device_type IN ('ios', 'android')) AS mobile,
            COALESCE(SUM(clicked_at - first_clicked_at), 0)::bigint AS "totalDurationMs"
     FROM online`,
    params,
  );
  const rows = await db.query<LiveVisitorRow>(
    `${ONLINE}
     SELECT ${POSTGRES_CLICK_WITH_LINK}, c.first_clicked_at FROM online c JOIN links l ON l.id = c.link_id
     ORDER BY c.clicked_at DESC, c.id DESC LIMIT $4`,
    [...params, options.limit],
  );
  return { ...totals.rows[0]!, visitors: rows.rows };
}

export const livePanel: Panel<[options: LiveOptions], LiveData> = {
  folds: false,
  sqlite: sqliteLive,
  postgres: postgresLive,
};
