/**
 * Visitors (addresses) by number of clicks over every link: all time from the visitors rollups
 * and visit_frequency; over a range from the marked visitors' blocks of days and the partial days' clicks
 * (../sql/rangeRepeatVisitors.ts).
 */
import { shownAddressOf } from '../../../privacy/addresses';
import type { RepeatVisitorData, RepeatVisitorsData, TimeRange } from '../../analyticsQueries';
import type { Queryable } from '../../postgres/database';
import type { SqliteDatabase } from '../../sqlite/database';
import {
  mergedPlaces,
  type RepeatVisitorRow,
  repeatFigures,
  repeatRangeParams,
  type VisitorPlace,
} from '../sql/rangeRepeatVisitors';
import { type Panel, postgresLaterClicks, postgresRangeRows, sqliteRangeReads } from './panel';

export interface RepeatVisitorsOptions {
  frequencies: number;
  top: number;
  range?: TimeRange;
}

type Place = { ip: string; country: string; city: string };

/**
 * The top visitors, each with its places ('' for no city), most recent first. The rollups key
 * visitors by identity (visitorIdentity.ts); each is shown by its stored address.
 */
function withLocations(top: Omit<RepeatVisitorData, 'locations'>[], places: (ips: string[]) => Place[]) {
  const byIdentity = new Map(top.map((visitor) => [visitor.ip, { ...visitor, locations: [] } as RepeatVisitorData]));
  if (byIdentity.size > 0) {
    for (const place of places([...byIdentity.keys()])) {
      byIdentity.get(place.ip)?.locations.push({ country: place.country, city: place.city === '' ? null : place.city });
    }
  }
  return [...byIdentity.values()].map((visitor) => ({ ...visitor, ip: shownAddressOf(visitor.ip) }));
}

function sqliteRepeatVisitors(db: SqliteDatabase) {
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

  const ranged = sqliteRangeReads(db, ['repeatVisitors', 'places', 'openPlaces', 'laterClicks']);
  const inRange = (range: TimeRange, options: RepeatVisitorsOptions): RepeatVisitorsData => {
    const params = repeatRangeParams(range, ranged.later(range));
    const rows = ranged.all('repeatVisitors', { ...params, top: options.top }) as unknown as RepeatVisitorRow[];
    const { top, ...figures } = repeatFigures(rows, options.frequencies);
    const places = (ips: string[]) =>
      mergedPlaces(
        ranged.all(params.placesRead, { ...params, ips: JSON.stringify(ips) }) as unknown as VisitorPlace[],
        rows,
      );
    return { ...figures, top: withLocations(top, places) };
  };

  return (options: RepeatVisitorsOptions): RepeatVisitorsData => {
    if (options.range) return inRange(options.range, options);
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

async function postgresRangeRepeatVisitors(
  db: Queryable,
  range: TimeRange,
  options: RepeatVisitorsOptions,
): Promise<RepeatVisitorsData> {
  const params = repeatRangeParams(range, await postgresLaterClicks(db, range));
  const rows = await postgresRangeRows<RepeatVisitorRow>(db, 'repeatVisitors', { ...params, top: options.top });
  const { top, ...figures } = repeatFigures(rows, options.frequencies);
  const ips = top.map((visitor) => visitor.ip);
  const days = ips.length === 0 ? [] : await postgresRangeRows<VisitorPlace>(db, params.placesRead, { ...params, ips });
  return { ...figures, top: withLocations(top, () => mergedPlaces(days, rows)) };
}

async function postgresRepeatVisitors(db: Queryable, options: RepeatVisitorsOptions): Promise<RepeatVisitorsData> {
  if (options.range) return postgresRangeRepeatVisitors(db, options.range, options);
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

export const repeatVisitorsPanel: Panel<[options: RepeatVisitorsOptions], RepeatVisitorsData> = {
  folds: true,
  sqlite: sqliteRepeatVisitors,
  postgres: postgresRepeatVisitors,
};
