/** /admin/link/{linkId} (spec §2 "Admin per-link analytics"): one call, refreshed every 5 s. */

import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Click } from '../../../../redirector/contract';
import { useLinkStats } from '../../api/adminQueries';
import { ApiError, errorMessage } from '../../api/client';
import { useShortLinkBase } from '../../api/useShortLinkBase';
import { Badge } from '../../components/Badge';
import { Banner } from '../../components/Banner';
import { Card } from '../../components/Card';
import { CountryBars } from '../../components/CountryBars';
import { BarChart } from '../../components/charts/BarChart';
import { BarList } from '../../components/charts/BarList';
import { DEVICE_COLORS } from '../../components/charts/colors';
import { DonutChart } from '../../components/charts/DonutChart';
import { LineChart } from '../../components/charts/LineChart';
import { Icon } from '../../components/Icon';
import { LoadingState } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { formatDate, formatDay } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { SHORT_DAY_NAMES, topEntries } from './analyticsFormat';
import { RecentClicksTable } from './RecentClicksTable';

/** 'Online' means a click in the last 2 minutes (spec §9). */
export const ONLINE_WINDOW_MS = 2 * 60 * 1000;

/** Distinct visitors among the clicks of the last 2 minutes. */
export function onlineNow(clicks: Click[], now: number = Date.now()): number {
  const recent = clicks.filter((click) => now - (click.clicked_at ?? Date.parse(click.created_at)) <= ONLINE_WINDOW_MS);
  return new Set(recent.map((click) => click.ip_address)).size;
}

/** The 5 biggest sources (host names without 'www.'), the rest as 'Other', so the legend stays short. */
export function referrerSlices(counts: Record<string, number>): { name: string; value: number }[] {
  const merged = new Map<string, number>();
  for (const [name, value] of Object.entries(counts)) {
    const short = name.replace(/^www\./, '');
    merged.set(short, (merged.get(short) ?? 0) + value);
  }
  const ranked = topEntries(Object.fromEntries(merged));
  const slices = ranked.slice(0, 5).map(([name, value]) => ({ name, value }));
  const other = ranked.slice(5).reduce((sum, [, value]) => sum + value, 0);
  return other > 0 ? [...slices, { name: 'Other', value: other }] : slices;
}

const topItems = (counts: Record<string, number>) =>
  topEntries(counts, 5).map(([name, value]) => ({ key: name, label: name, value }));

export function LinkAnalyticsPage() {
  const { linkId = '' } = useParams();
  const linkBase = useShortLinkBase();
  const analytics = useLinkStats(linkId);
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
      <div className="admin-section">
        {back}
        <Banner tone="error" title={notFound ? 'Link not found' : 'Failed to fetch analytics'}>
          {notFound ? undefined : errorMessage(analytics.error, 'Failed to fetch analytics', { orStatus: true })}
        </Banner>
      </div>
    );
  }

  const { link, stats, recentClicks } = data;
  const url = `${linkBase}/${link.short_code}`;
  const online = onlineNow(recentClicks);
  const dayNames = stats.dayNames.length === 7 ? stats.dayNames : SHORT_DAY_NAMES;
  const referrers = referrerSlices(stats.referrerCounts);

  return (
    <div className="admin-section">
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
      <Card title="Click Trend (Last 7 Days)">
        <LineChart
          ariaLabel="Clicks per day over the last 7 days"
          data={stats.last7Days.map((day) => ({ label: formatDay(day.date, 'en-US'), value: day.clicks }))}
        />
      </Card>
      <div className="admin-grid">
        <Card title="Device Breakdown">
          <DonutChart
            ariaLabel="Clicks by device"
            centerCaption="clicks"
            emptyText="No data yet"
            data={[
              { name: 'iOS', value: stats.deviceStats.ios, color: DEVICE_COLORS.ios },
              { name: 'Android', value: stats.deviceStats.android, color: DEVICE_COLORS.android },
              { name: 'Web', value: stats.deviceStats.web, color: DEVICE_COLORS.web },
            ]}
          />
        </Card>
        <Card title="Top Countries">
          <CountryBars counts={stats.countryCounts} limit={5} emptyText="No country data available" />
        </Card>
        <Card title="Browser Breakdown">
          <BarList items={topItems(stats.browserCounts)} emptyText="No data yet" />
        </Card>
        <Card title="Referrer Sources">
          <DonutChart pie ariaLabel="Clicks by referrer" emptyText="No data yet" data={referrers} />
        </Card>
        <Card title="Operating Systems">
          <BarList items={topItems(stats.osCounts)} emptyText="No data yet" />
        </Card>
        <Card title="Device Models">
          <BarList items={topItems(stats.deviceCounts)} emptyText="No data yet" />
        </Card>
        <Card title="Hourly Click Patterns">
          <LineChart
            height={220}
            ariaLabel="Clicks by hour of day"
            data={stats.hourlyStats.map((value, hour) => ({ label: `${String(hour).padStart(2, '0')}:00`, value }))}
          />
        </Card>
        <Card title="Day of Week Patterns">
          <BarChart
            height={220}
            ariaLabel="Clicks by day of week"
            data={stats.dailyStats.map((value, day) => ({ label: dayNames[day] ?? SHORT_DAY_NAMES[day] ?? '', value }))}
          />
        </Card>
      </div>
      <Card title="Recent Clicks" flush>
        <RecentClicksTable clicks={recentClicks} />
      </Card>
    </div>
  );
}
