/** Visitors (addresses) by number of clicks over every link. */
import type { RepeatVisitorData, RepeatVisitorsData } from '../../analyticsQueries';
import type { Queryable } from '../database';

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

export async function repeatVisitors(
  db: Queryable,
  options: { frequencies: number; top: number },
): Promise<RepeatVisitorsData> {
  const figures = await db.query<{
    totalVisitors: number;
    repeatVisitors: number;
    frequency: { visits: number; visitors: number }[];
    top: Omit<RepeatVisitorData, 'locations'>[];
  }>(VISITORS_SQL, [options.frequencies, options.top]);
  const { totalVisitors, repeatVisitors, frequency, top } = figures.rows[0]!;
  const topVisitors = top.map((visitor): RepeatVisitorData => ({ ...visitor, locations: [] }));
  const byIp = new Map(topVisitors.map((visitor) => [visitor.ip, visitor]));
  if (byIp.size > 0) {
    const places = await db.query<{ ip: string; country: string; city: string }>(PLACES_SQL, [[...byIp.keys()]]);
    for (const place of places.rows) {
      byIp.get(place.ip)?.locations.push({ country: place.country, city: place.city === '' ? null : place.city });
    }
  }
  return { totalVisitors, repeatVisitors, frequency, top: topVisitors };
}
