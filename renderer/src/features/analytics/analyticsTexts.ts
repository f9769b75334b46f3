/** The words of the analytics screens' date range, trend and click export. */
import type { RangePreset } from './dateRange';

export const DATE_RANGE_TEXTS = {
  legend: 'Date range',
  presets: { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days' } satisfies Record<RangePreset, string>,
  allTime: 'All time',
  custom: 'Custom',
  from: 'From',
  to: 'To',
  apply: 'Apply',
};

export const CLICK_EXPORT_TEXTS = {
  label: 'Export CSV',
  exporting: 'Exporting...',
  failed: 'Failed to export clicks',
  fileName: (shortCode: string) => `clicks-${shortCode}.csv`,
};

export const TREND_TEXTS = {
  /** The trend card's title: the last 7 days without a range, the range's first and last day with one. */
  title: (base: string, span: { first: string; last: string } | undefined) =>
    `${base} (${span ? `${span.first} – ${span.last}` : 'Last 7 Days'})`,
  ariaLabel: (ranged: boolean) => `Clicks per day over ${ranged ? 'the selected range' : 'the last 7 days'}`,
};
