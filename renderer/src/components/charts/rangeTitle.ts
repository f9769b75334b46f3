/**
 * A chart's title names the range it shows (CONTRACT §18): 'Device Breakdown (Last 30 days)',
 * 'Figures (Jan 5 – Feb 3)', 'New vs Repeat (All time)'. In the UI's language.
 */
import type { DateRange } from '../../../../redirector/contract';
import { formatDay } from '../../format/dates';
import { i18next } from '../../i18n';

/** The words for a range: 'All time' without one, 'Last N days' for a preset, else its first and last day. */
export function rangeLabel(range: DateRange | undefined, presetDays?: number): string {
  if (!range) return i18next.t('charts.range.allTime');
  if (presetDays !== undefined) return i18next.t('charts.range.lastDays', { count: presetDays });
  return i18next.t('charts.range.span', { first: formatDay(range.from), last: formatDay(range.to) });
}

/** 'Title (range)'. */
export function titleWithRange(title: string, range: string): string {
  return i18next.t('charts.titleWithRange', { title, range });
}
