/** GET /api/analytics/repeat-visitors: visitors (addresses) by how often they came back, over every link. */
import type { RepeatVisitorPlace, RepeatVisitorsResponse } from '../contract/analytics';
import type { TimeRange } from '../storage/analyticsQueries';
import type { Store } from '../storage/store';
import { countryName } from './countries';

export const FREQUENCY_BARS = 10;
export const TOP_REPEAT_VISITORS = 10;

/** "Paris, France"; "France" without a city; "Unknown" for an unknown country. */
export function locationLabel(place: { country: string; city: string | null }): string {
  const name = countryName(place.country);
  return place.city ? `${place.city}, ${name}` : name;
}

/** The places without repeats (as the labels are), most recent first. */
function distinctPlaces(places: readonly RepeatVisitorPlace[]): RepeatVisitorPlace[] {
  const seen = new Set<string>();
  return places
    .filter((place) => {
      const key = locationLabel(place);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((place) => ({ country: place.country, city: place.city }));
}

export async function repeatVisitorsAnalytics(store: Store, range?: TimeRange): Promise<RepeatVisitorsResponse> {
  const data = await store.analytics.repeatVisitors({ frequencies: FREQUENCY_BARS, top: TOP_REPEAT_VISITORS, range });
  return {
    totalUniqueVisitors: data.totalVisitors,
    repeatVisitors: data.repeatVisitors,
    repeatRate: data.totalVisitors === 0 ? 0 : data.repeatVisitors / data.totalVisitors,
    frequency: data.frequency,
    top: data.top.map((visitor) => ({
      ip: visitor.ip,
      visits: visitor.visits,
      locations: [...new Set(visitor.locations.map(locationLabel))],
      places: distinctPlaces(visitor.locations),
      lastVisit: new Date(visitor.lastClickedAt).toISOString(),
    })),
  };
}
