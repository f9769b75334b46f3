/**
 * GET /api/analytics/funnel: the model of docs/api.md#analytics. Impressions (3 × clicks) and the time to click
 * (a fixed 45 s) are assumptions, named in `estimated`; clicks, engaged clicks and Instagram exits
 * are measured. Rates are fractions 0–1, and 0 when there is nothing to divide by.
 */
import type { FunnelResponse, FunnelStep } from '../contract/analytics';
import type { TimeRange } from '../storage/analyticsQueries';
import type { Store } from '../storage/store';

export const IMPRESSIONS_PER_CLICK = 3;
export const TIME_TO_CLICK_SECONDS = 45;
export const ESTIMATED_FIELDS = ['impressions', 'avgTimeToClickMinutes'];

const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

export async function funnelAnalytics(store: Store, range?: TimeRange): Promise<FunnelResponse> {
  const { clicks, engaged, instagramExits } = await store.analytics.funnel(range);
  const impressions = IMPRESSIONS_PER_CLICK * clicks;
  const conversions = engaged;
  const values: [string, number][] = [
    ['Impressions', impressions],
    ['Link Clicks', clicks],
    ['Engaged Users', engaged],
    ['Conversions', conversions],
  ];
  const steps = values.map(
    ([name, value], index): FunnelStep => ({
      name,
      value,
      percent: ratio(value, impressions),
      dropOff: index === 0 ? 0 : ratio(values[index - 1]![1] - value, values[index - 1]![1]),
    }),
  );
  return {
    impressions,
    clicks,
    engaged,
    conversions,
    conversionRate: ratio(conversions, impressions),
    bounceRate: ratio(clicks - engaged, clicks),
    igExitRate: ratio(instagramExits, clicks),
    avgTimeToClickMinutes: clicks === 0 ? 0 : TIME_TO_CLICK_SECONDS / 60,
    estimated: ESTIMATED_FIELDS,
    steps,
  };
}
