/** The words of the analytics screens' date range and trend that are more than one catalogue entry. */
import type { DateRange } from '../../../../redirector/contract';
import { rangeLabel } from '../../components/charts/rangeTitle';
import { i18next } from '../../i18n';
import { PRESET_DAYS, type RangeChoice } from './dateRange';

export const CLICK_EXPORT_FILE = (shortCode: string) => `clicks-${shortCode}.csv`;

/** The trend card's title: the last 7 days without a range, the range's first and last day with one. */
export function trendTitle(base: string, span: { first: string; last: string } | undefined): string {
  const range = span ? i18next.t('charts.range.span', span) : i18next.t('analytics.trend.last7Days');
  return i18next.t('charts.titleWithRange', { title: base, range });
}

export function trendAriaLabel(ranged: boolean): string {
  return ranged ? i18next.t('analytics.trend.ariaRanged') : i18next.t('analytics.trend.aria7Days');
}

/** The words for the chosen range: 'All time', 'Last 30 days', 'Jan 5 – Feb 3'. */
export function choiceLabel(choice: RangeChoice, range: DateRange | undefined): string {
  return rangeLabel(range, choice.kind === 'preset' ? PRESET_DAYS[choice.preset] : undefined);
}
