/** Visitors (addresses) by number of clicks over every link. */
import type { RepeatVisitorData, RepeatVisitorsData } from '../analyticsQueries';
import type { Queryable } from '../postgres/database';
import type { RollupFolder } from '../sqlite/analytics/rollups';
import type { SqliteDatabase } from '../sqlite/database';

export interface RepeatVisitorsOptions {
  frequencies: number;
  top: number;
}

type Place = { ip: string; country: string; city: string };

/** The top visitors, each with its places ('' for no city), most recent first. */
function withLocations(top: Omit<RepeatVisitorData, 'locations'>[], places: (ips: string[]) => Place[]) {
  const topVisitors = top.map((visitor): RepeatVisitorData => ({ ...visitor, locations: [] }));
  const byIp = new Map(topVisitors.map((visitor) => [visitor.ip, visitor]));
  if (byIp.size > 0) {
    for (const place of places([...byIp.keys()])) {
      byIp.get(place.ip)?.locations.push({ country: place.country, city: place.city === '' ? null : place.city });
    }
  }
  return topVisitors;
}

/** SQLite: from the visitors rollups and visit_frequency. */
export function sqliteRepeatVisitors(db: SqliteDatabase, folder: RollupFolder) {
  const totals = db.prepare(`
    SELECT COALESCE(SUM(visitors), 0) AS total, COALESCE(SUM(CASE WHEN visits >= 2 THEN visitors END), 0) AS repeat
    FROM visit_frequency`);
  const frequency = db.prepare('SELECT visits, visitors FROM visit_frequency ORDER BY visits LIMIT ?');
  const top = db.prepare(`
    SELECT ip_address AS ip, clicks AS visits, last_clicked_at AS lastClickedAt FROM visitors
    WHERE clicks >= 2 ORDER BY clicks DESC, last_clicked_at DESC, ip_address LIMIT ?`);
  const locations = db.prepare(`
    SELECT ip_address AS ip, country, city FROM link_visitors
    WHERE ip_address IN (SELECT value FROM json_each(?))
    GROUP BY ip_address, country, city ORDER BY MAX(last_clicked_at) DESC, country, city`);

  return (options: RepeatVisitorsOptions): RepeatVisitorsData => {
    folder.foldBeforeRead();
    const counts = totals.get() as { total: number; repeat: number };
    return {
      totalVisitors: counts.total,
      repeatVisitors: counts.repeat,
      frequency: frequency.all(options.frequencies) as { visits: number; visitors: number }[],
      top: withLocations(
        top.all(options.top) as Omit<RepeatVisitorData, 'locations'>[],
        (ips) => locations.all(JSON.stringify(ips)) as Place[],
      ),
    };
  };
}

// One pass over the clicks: every figure but the places, as JSON (bigint counts are plain numbers there).
const VISITORS_SQL = `
  WITH v AS (
    SELECT c.ip_address, COUNT(*) AS clicks, MAX(c.clicked_at) AS last_clicked_at
    FROM clicks c WHERE NOT c.is_bot GROUP BY c.ip_address
  )
  SELECT (SELECT COUNT(*) FROM v) AS "totalVisitors",
         (SELECT COUNT(*) FROM v WHERE clicks >= 2) AS "repeatVisitors",
         (SELECT COALESCE(json_agg(json_build_object('visits', f.visits, 'visitors', f.visitors) ORDER BY f.visits), '[]')
          FROM (SELECT clicks AS visits, COUNT(*) AS visitors FROM v GROUP BY clicks ORDER BY clicks LIMIT $1) f
         ) AS frequency,
         (SELECT COALESCE(json_agg(json_build_object('ip', t.ip_address, 'visits', t.clicks,
                                                     'lastClickedAt', t.last_clicked_at) ORDER BY t.n), '[]')
          FROM (SELECT v.*, ROW_NUMBER() OVER (ORDER BY clicks DESC, last_clicked_at DESC, ip_address COLLATE "C") AS n
                FROM v WHERE clicks >= 2 ORDER BY n LIMIT $2) t
         ) AS top`;

const PLACES_SQL = `
  SELECT c.ip_address AS ip, c.country, COALESCE(c.city, '') AS city FROM clicks c
  WHERE NOT c.is_bot AND c.ip_address = ANY($1::text[])
  GROUP BY 1, 2, 3 ORDER BY MAX(c.clicked_at) DESC, c.country COLLATE "C", COALESCE(c.city, '') COLLATE "C"`;

/** PostgreSQL: from the clicks grouped by address. */
export async function postgresRepeatVisitors(
  db: Queryable,
  options: RepeatVisitorsOptions,
): Promise<RepeatVisitorsData> {
  const figures = await db.query<{
    totalVisitors: number;
    repeatVisitors: number;
    frequency: { visits: number; visitors: number }[];
    top: Omit<RepeatVisitorData, 'locations'>[];
  }>(VISITORS_SQL, [options.frequencies, options.top]);
  const { totalVisitors, repeatVisitors, frequency, top } = figures.rows[0]!;
  const ips = top.map((visitor) => visitor.ip);
  const places = ips.length === 0 ? [] : (await db.query<Place>(PLACES_SQL, [ips])).rows;
  return { totalVisitors, repeatVisitors, frequency, top: withLocations(top, () => places) };
}
