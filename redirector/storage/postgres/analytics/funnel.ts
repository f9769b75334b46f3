/** The funnel's measured figures: clicks, engaged clicks and Instagram exits over every link. */
import type { FunnelData } from '../../analyticsQueries';
import type { Queryable } from '../database';

export async function funnel(db: Queryable): Promise<FunnelData> {
  const { rows } = await db.query<FunnelData>(`
    SELECT COUNT(*) AS clicks,
           COUNT(*) FILTER (WHERE c.referrer_source IS NOT NULL OR c.instagram_exit) AS engaged,
           COUNT(*) FILTER (WHERE c.instagram_exit) AS "instagramExits"
    FROM clicks c WHERE NOT c.is_bot`);
  return rows[0]!;
}
