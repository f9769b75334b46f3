/** Visitors (addresses) by number of clicks over every link. */

import { shownAddressOf } from '../../privacy/addresses';
import type { RepeatVisitorData, RepeatVisitorsData } from '../analyticsQueries';
import type { Queryable } from '../postgres/database';
import type { RollupFolder } from '../sqlite/analytics/rollups';
import type { SqliteDatabase } from '../sqlite/database';

export interface RepeatVisitorsOptions {
  frequencies: number;
  top: number;
}

type Place = { ip: string; country: string; city: string };

/**
 * The top visitors, each with its places ('' for no city), most recent first. The rollups key
 * visitors by identity (visitorIdentity.ts); each is shown by its stored address.
 */
export function withLocations(top: Omit<RepeatVisitorData, 'locations'>[], places: (ips: string[]) => Place[]) {
  const byIdentity = new Map(top.map((visitor) => [visitor.ip, { ...visitor, locations: [] } as RepeatVisitorData]));
  if (byIdentity.size > 0) {
    for (const place of places([...byIdentity.keys()])) {
      byIdentity.get(place.ip)?.locations.push({ country: place.country, city: place.city === '' ? null : place.city });
    }
  }
  return [...byIdentity.values()].map((visitor) => ({ ...visitor, ip: shownAddressOf(visitor.ip) }));
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

const POSTGRES_TOTALS_SQL = `
  SELECT COALESCE(SUM(visitors), 0)::bigint AS total,
         COALESCE(SUM(visitors) FILTER (WHERE visits >= 2), 0)::bigint AS repeat
  FROM visit_frequency WHERE visitors > 0`;

const POSTGRES_PLACES_SQL = `
  SELECT ip_address AS ip, country, city FROM link_places WHERE ip_address = ANY($1::text[])
  GROUP BY 1, 2, 3 ORDER BY MAX(last_clicked_at) DESC, country COLLATE "C", city COLLATE "C"`;

/** PostgreSQL: from its visitors rollups and visit_frequency (postgres/rollups.ts), as on SQLite. */
export async function postgresRepeatVisitors(
  db: Queryable,
  options: RepeatVisitorsOptions,
): Promise<RepeatVisitorsData> {
  const totals = await db.query<{ total: number; repeat: number }>(POSTGRES_TOTALS_SQL);
  const frequency = await db.query<{ visits: number; visitors: number }>(
    'SELECT visits, visitors FROM visit_frequency WHERE visitors > 0 ORDER BY visits LIMIT $1',
    [options.frequencies],
  );
  const top = await db.query<Omit<RepeatVisitorData, 'locations'>>(
    `SELECT ip_address AS ip, clicks AS visits, last_clicked_at AS "lastClickedAt" FROM visitors
     WHERE clicks >= 2 ORDER BY clicks DESC, last_clicked_at DESC, ip_address COLLATE "C" LIMIT $1`,
    [options.top],
  );
  const ips = top.rows.map((visitor) => visitor.ip);
  const places = ips.length === 0 ? [] : (await db.query<Place>(POSTGRES_PLACES_SQL, [ips])).rows;
  return {
    totalVisitors: totals.rows[0]!.total,
    repeatVisitors: totals.rows[0]!.repeat,
    frequency: frequency.rows,
    top: withLocations(top.rows, () => places),
  };
}
