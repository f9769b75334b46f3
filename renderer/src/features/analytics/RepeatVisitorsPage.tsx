/** /admin/repeat-visitors (docs/api.md#pages, "Repeat Visitors"): one call. */

import { useTranslation } from 'react-i18next';
import type { RepeatVisitorPlace, RepeatVisitorsResponse } from '../../../../redirector/contract';
import { useRepeatVisitors } from '../../api/analytics';
import { Card } from '../../components/Card';
import { BarChart } from '../../components/charts/BarChart';
import { DonutChart } from '../../components/charts/DonutChart';
import { rangeLabel, titleWithRange } from '../../components/charts/rangeTitle';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { RefreshableHeader } from '../../components/RefreshableHeader';
import { LoadingState } from '../../components/Spinner';
import { StatGrid } from '../../components/StatGrid';
import { placeLabel } from '../../format/countries';
import { formatDate } from '../../format/dates';
import { formatNumber, formatPercent } from '../../format/numbers';
import { i18next } from '../../i18n';
import { AnalyticsErrorPanel } from './AnalyticsErrorPanel';

export function visitsLabel(visits: number): string {
  return i18next.t('analytics.repeat.visits', { count: visits });
}

/** Up to two places (countries named in the UI's language, cities as given), then '+N more'. */
export function locationsText(places: RepeatVisitorPlace[]): string {
  const locations = places.map(placeLabel);
  const shown = locations.slice(0, 2).join(', ');
  return locations.length > 2
    ? i18next.t('analytics.repeat.moreLocations', { shown, count: locations.length - 2 })
    : shown;
}

const topColumns = (): DataColumn<RepeatVisitorsResponse['top'][number]>[] => [
  { label: i18next.t('analytics.columns.ip'), className: 'mono', cell: (visitor) => visitor.ip },
  { label: i18next.t('analytics.columns.totalVisits'), numeric: true, cell: (visitor) => formatNumber(visitor.visits) },
  { label: i18next.t('analytics.columns.locations'), cell: (visitor) => locationsText(visitor.places) || '—' },
  { label: i18next.t('analytics.columns.lastVisit'), cell: (visitor) => formatDate(visitor.lastVisit) },
];

export function RepeatVisitorsPage() {
  const { t } = useTranslation();
  // The call covers every click: its charts say so.
  const allTime = rangeLabel(undefined);
  const mixTitle = titleWithRange(t('analytics.repeat.newVsRepeat'), allTime);
  const frequencyTitle = titleWithRange(t('analytics.repeat.frequency'), allTime);
  const result = useRepeatVisitors();
  const data = result.data;
  const top = (data?.top ?? []).filter((visitor) => visitor.visits >= 2).slice(0, 10);

  return (
    <div className="stack">
      <RefreshableHeader title={t('analytics.repeat.title')} subtitle={t('analytics.repeat.subtitle')} load={result} />
      {!data ? (
        result.error ? (
          <AnalyticsErrorPanel what={t('analytics.repeat.title')} error={result.error} onRetry={result.reload} />
        ) : (
          <LoadingState message={t('analytics.repeat.loading')} />
        )
      ) : (
        <>
          <StatGrid
            stats={[
              {
                label: t('analytics.repeat.totalUnique'),
                value: formatNumber(data.totalUniqueVisitors),
                icon: 'users',
              },
              { label: t('analytics.repeat.repeatVisitors'), value: formatNumber(data.repeatVisitors), icon: 'repeat' },
              { label: t('analytics.repeat.repeatRate'), value: formatPercent(data.repeatRate), icon: 'activity' },
            ]}
          />
          <div className="admin-grid">
            <Card title={mixTitle}>
              <DonutChart
                pie
                ariaLabel={mixTitle}
                valueName={t('charts.visitors')}
                emptyText={t('analytics.noData')}
                data={[
                  {
                    name: t('analytics.repeat.new'),
                    value: Math.max(0, data.totalUniqueVisitors - data.repeatVisitors),
                  },
                  { name: t('analytics.repeat.repeat'), value: data.repeatVisitors },
                ]}
              />
            </Card>
            <Card title={frequencyTitle} subtitle={t('analytics.repeat.frequencySubtitle')}>
              {data.frequency.length === 0 ? (
                <div className="chart-empty">{t('analytics.noData')}</div>
              ) : (
                <BarChart
                  height={220}
                  seriesName={t('charts.visitors')}
                  labelHeader={t('charts.visits')}
                  ariaLabel={`${frequencyTitle}. ${t('analytics.repeat.frequencySubtitle')}`}
                  data={data.frequency
                    .slice(0, 10)
                    .map((row) => ({ label: visitsLabel(row.visits), value: row.visitors }))}
                />
              )}
            </Card>
          </div>
          <Card title={t('analytics.repeat.top')} flush>
            {top.length === 0 ? (
              <div className="chart-empty">{t('analytics.repeat.none')}</div>
            ) : (
              <DataTable columns={topColumns()} rows={top} rowKey={(visitor) => visitor.ip} />
            )}
          </Card>
        </>
      )}
    </div>
  );
}
