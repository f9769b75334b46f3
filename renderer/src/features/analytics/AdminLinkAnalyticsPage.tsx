/** /admin/link/{linkId} (docs/api.md#pages, "Admin per-link analytics"): one call, refreshed every 5 s. */

import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAnalyticsCalls, useLinkStats } from '../../api/analytics';
import { ApiError, errorMessage } from '../../api/client';
import { Badge } from '../../components/Badge';
import { Banner } from '../../components/Banner';
import { Card } from '../../components/Card';
import { LineChart } from '../../components/charts/LineChart';
import { Icon } from '../../components/Icon';
import { LoadingState } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { formatDate, formatDay } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { AnalyticsRangeBar } from './AnalyticsRangeBar';
import { onlineNow, trendDays, trendSpan } from './analyticsFormat';
import { TREND_TEXTS } from './analyticsTexts';
import { LinkBreakdownGrid } from './LinkBreakdownGrid';
import { RecentClicksTable } from './RecentClicksTable';
import { useDateRange } from './useDateRange';
import { VariantsPanel } from './VariantsPanel';

export function LinkAnalyticsPage() {
  const { linkId = '' } = useParams();
  const calls = useAnalyticsCalls();
  const dateRange = useDateRange();
  const analytics = useLinkStats(linkId, dateRange.range);
  const back = (
    <RouterLink to="/admin/links" className="back-link">
      <Icon name="arrowLeft" /> Back to links
    </RouterLink>
  );

  const data = analytics.data;
  if (!data) {
    if (analytics.loading) return <LoadingState message="Loading analytics..." />;
    const notFound =
      analytics.error instanceof ApiError && (analytics.error.status === 404 || analytics.error.status === 400);
    return (
      <div className="stack">
        {back}
        <Banner tone="error" title={notFound ? 'Link not found' : 'Failed to fetch analytics'}>
          {notFound ? undefined : errorMessage(analytics.error, 'Failed to fetch analytics', { orStatus: true })}
        </Banner>
      </div>
    );
  }

  const { link, stats, recentClicks } = data;
  const url = link.short_url;
  const online = onlineNow(recentClicks);

  return (
    <div className="stack">
      {back}
      <div className="page-header" style={{ marginBottom: 0 }}>
        <div className="page-header__text">
          <div className="row">
            <h1 className="page-title">{link.title || `/${link.short_code}`}</h1>
            {online > 0 ? (
              <Badge tone="success">
                <span className="live-dot" aria-hidden="true" /> {online} online now
              </Badge>
            ) : null}
          </div>
          <a href={link.target_url} target="_blank" rel="noopener noreferrer" className="text-sm truncate">
            {link.target_url}
          </a>
          <span className="mono text-sm muted">{url}</span>
        </div>
      </div>
      <AnalyticsRangeBar
        dateRange={dateRange}
        clickExport={{ shortCode: link.short_code, download: () => calls.clicksCsv(link.id, dateRange.range) }}
      />
      {analytics.error ? (
        <Banner tone="warning">{errorMessage(analytics.error, 'Failed to fetch analytics', { orStatus: true })}</Banner>
      ) : null}
      <div className="card-grid card-grid--3">
        <StatCard label="Total Clicks" value={formatNumber(stats.totalClicks)} icon="pointer" />
        <StatCard label="Unique Visitors" value={formatNumber(stats.uniqueVisitors)} icon="users" tone="green" />
        <StatCard
          label="Created"
          value={<span className="stat-date">{formatDate(link.created_at, 'en-US')}</span>}
          icon="calendar"
          tone="amber"
        />
      </div>
      <Card title={TREND_TEXTS.title('Click Trend', trendSpan(stats.days, 'en-US'))}>
        <LineChart
          ariaLabel={TREND_TEXTS.ariaLabel(stats.days !== undefined)}
          data={trendDays(stats).map((day) => ({ label: formatDay(day.date, 'en-US'), value: day.clicks }))}
        />
      </Card>
      <LinkBreakdownGrid stats={stats} />
      <VariantsPanel variants={data.variants ?? []} />
      <Card title="Recent Clicks" flush>
        <RecentClicksTable clicks={recentClicks} />
      </Card>
    </div>
  );
}
