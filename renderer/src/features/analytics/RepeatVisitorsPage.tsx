/** /admin/repeat-visitors (docs/api.md#pages, "Repeat Visitors"): one call. */

import type { RepeatVisitorsResponse } from '../../../../redirector/contract';
import { useRepeatVisitors } from '../../api/analytics';
import { Card } from '../../components/Card';
import { BarChart } from '../../components/charts/BarChart';
import { DonutChart } from '../../components/charts/DonutChart';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { RefreshableHeader } from '../../components/RefreshableHeader';
import { LoadingState } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { formatDate } from '../../format/dates';
import { formatNumber, formatPercent } from '../../format/numbers';
import { AnalyticsErrorPanel } from './AnalyticsErrorPanel';

export const NO_REPEAT_VISITORS = 'No repeat visitors yet';

export function visitsLabel(visits: number): string {
  return visits === 1 ? '1 visit' : `${visits} visits`;
}

/** Up to two locations, then '+N more'. */
export function locationsText(locations: string[]): string {
  const shown = locations.slice(0, 2).join(', ');
  return locations.length > 2 ? `${shown} +${locations.length - 2} more` : shown;
}

const TOP_COLUMNS: DataColumn<RepeatVisitorsResponse['top'][number]>[] = [
  { label: 'IP Address', className: 'mono', cell: (visitor) => visitor.ip },
  { label: 'Total Visits', numeric: true, cell: (visitor) => formatNumber(visitor.visits) },
  { label: 'Locations', cell: (visitor) => locationsText(visitor.locations) || '—' },
  { label: 'Last Visit', cell: (visitor) => formatDate(visitor.lastVisit, 'en-US') },
];

export function RepeatVisitorsPage() {
  const result = useRepeatVisitors();
  const data = result.data;
  const top = (data?.top ?? []).filter((visitor) => visitor.visits >= 2).slice(0, 10);

  return (
    <div className="stack">
      <RefreshableHeader
        title="Repeat Visitors"
        subtitle="Visitors who came back: a visitor is one client address."
        load={result}
      />
      {!data ? (
        result.error ? (
          <AnalyticsErrorPanel what="Repeat Visitors" error={result.error} onRetry={result.reload} />
        ) : (
          <LoadingState message="Loading repeat visitors..." />
        )
      ) : (
        <>
          <div className="card-grid card-grid--3">
            <StatCard label="Total Unique Visitors" value={formatNumber(data.totalUniqueVisitors)} icon="users" />
            <StatCard label="Repeat Visitors" value={formatNumber(data.repeatVisitors)} icon="repeat" tone="green" />
            <StatCard label="Repeat Rate" value={formatPercent(data.repeatRate)} icon="activity" tone="amber" />
          </div>
          <div className="admin-grid">
            <Card title="New vs Repeat">
              <DonutChart
                pie
                ariaLabel="New and repeat visitors"
                emptyText="No data yet"
                data={[
                  { name: 'New', value: Math.max(0, data.totalUniqueVisitors - data.repeatVisitors) },
                  { name: 'Repeat', value: data.repeatVisitors },
                ]}
              />
            </Card>
            <Card title="Visit Frequency" subtitle="Visitors by number of visits">
              {data.frequency.length === 0 ? (
                <div className="chart-empty">No data yet</div>
              ) : (
                <BarChart
                  height={220}
                  seriesName="Visitors"
                  ariaLabel="Visitors by number of visits"
                  data={data.frequency
                    .slice(0, 10)
                    .map((row) => ({ label: visitsLabel(row.visits), value: row.visitors }))}
                />
              )}
            </Card>
          </div>
          <Card title="Top Repeat Visitors" flush>
            {top.length === 0 ? (
              <div className="chart-empty">{NO_REPEAT_VISITORS}</div>
            ) : (
              <DataTable columns={TOP_COLUMNS} rows={top} rowKey={(visitor) => visitor.ip} />
            )}
          </Card>
        </>
      )}
    </div>
  );
}
