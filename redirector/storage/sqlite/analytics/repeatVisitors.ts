/** Visitors (addresses) by number of clicks over every link, from the visitors rollups. */
import type { RepeatVisitorData, RepeatVisitorsData } from '../../analyticsQueries';
import type { SqliteDatabase } from '../database';
import type { RollupFolder } from './rollups';

export function createRepeatVisitorsQuery(db: SqliteDatabase, folder: RollupFolder) {
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

  return (options: { frequencies: number; top: number }): RepeatVisitorsData => {
    folder.foldBeforeRead();
    const counts = totals.get() as { total: number; repeat: number };
    const topVisitors = (top.all(options.top) as Omit<RepeatVisitorData, 'locations'>[]).map(
      (visitor): RepeatVisitorData => ({ ...visitor, locations: [] }),
    );
    const byIp = new Map(topVisitors.map((visitor) => [visitor.ip, visitor]));
    const places = locations.all(JSON.stringify([...byIp.keys()])) as { ip: string; country: string; city: string }[];
    for (const place of places) {
      byIp.get(place.ip)?.locations.push({ country: place.country, city: place.city === '' ? null : place.city });
    }
    return {
      totalVisitors: counts.total,
      repeatVisitors: counts.repeat,
      frequency: frequency.all(options.frequencies) as { visits: number; visitors: number }[],
      top: topVisitors,
    };
  };
}
