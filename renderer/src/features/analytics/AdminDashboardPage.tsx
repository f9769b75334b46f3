/** /admin: 'Analytics Dashboard' (docs/api.md#pages). One call per panel (docs/api.md#analytics). */

import { useSummary } from '../../api/analytics';
import { useLinkHealthCounts } from '../../api/links';
import { Banner } from '../../components/Banner';
import { Card } from '../../components/Card';
import { BarChart } from '../../components/charts/BarChart';
import { DEVICE_COLORS } from '../../components/charts/colors';
import { DonutChart } from '../../components/charts/DonutChart';
import { PageHeader } from '../../components/PageHeader';
import { StatCard, statValue } from '../../components/StatCard';
import { rankCountries } from '../../format/countries';
import { ActiveVisitorsPanel } from './ActiveVisitorsPanel';
import { AnalyticsErrorPanel } from './AnalyticsErrorPanel';
import { AnalyticsRangeBar } from './AnalyticsRangeBar';
import { CountryBreakdownCard } from './CountryBreakdownCard';
import { RealtimePanel } from './RealtimePanel';
import { useDateRange } from './useDateRange';

/** The totals are not a live panel; a gentle refresh keeps a dashboard left open current. */

export function AdminDashboardPage() {
  const dateRange = useDateRange();
  const summary = useSummary(dateRange.range);
  const health = useLinkHealthCounts();
  const data = summary.data;
  const devices = data?.deviceStats ?? { ios: 0, android: 0, web: 0 };
  const topCountries = rankCountries(data?.countryCounts ?? {}, 5);

  return (
    <div className="stack">
      <PageHeader title="Analytics Dashboard" subtitle="Every link, every click, as it happens." />
      <div className="admin-grid admin-grid--wide-left">
        <RealtimePanel />
        <ActiveVisitorsPanel />
      </div>
      <AnalyticsRangeBar dateRange={dateRange} />
      {summary.error && !data ? (
        <AnalyticsErrorPanel what="Analytics" error={summary.error} onRetry={summary.refresh} />
      ) : null}
      <div className="card-grid card-grid--4">
        <StatCard label="Total Links" value={statValue(data?.totalLinks)} icon="link" />
        <StatCard label="Total Clicks" value={statValue(data?.totalClicks)} icon="pointer" tone="green" />
        <StatCard label="Unique Visitors" value={statValue(data?.uniqueVisitors)} icon="users" tone="amber" />
        <StatCard label="Today's Clicks" value={statValue(data?.todayClicks)} icon="calendar" tone="pink" />
      </div>
      {health.data ? <BrokenLinksLine broken={health.data.broken} /> : null}
      <div className="admin-grid">
        <Card title="Device Distribution">
          {!data ? (
            <div className="chart-empty">Loading...</div>
          ) : (
            <DonutChart
              pie
              ariaLabel="Clicks by device"
              emptyText="No data yet"
              data={[
                { name: 'iOS', value: devices.ios, color: DEVICE_COLORS.ios },
                { name: 'Android', value: devices.android, color: DEVICE_COLORS.android },
                { name: 'Web', value: devices.web, color: DEVICE_COLORS.web },
              ]}
            />
          )}
        </Card>
        <Card title="Top Countries" subtitle="Top 5 by clicks">
          {!data ? (
            <div className="chart-empty">Loading...</div>
          ) : topCountries.length === 0 ? (
            <div className="chart-empty">No data yet</div>
          ) : (
            <BarChart
              horizontal
              height={220}
              ariaLabel="Top countries by clicks"
              data={topCountries.map((country) => ({ label: country.name, value: country.count }))}
            />
          )}
        </Card>
      </div>
      <CountryBreakdownCard counts={data?.countryCounts} />
    </div>
  );
}

/** How many links are broken (docs/api.md#link-health): a warning when some are, a quiet line when none. */
function BrokenLinksLine({ broken }: { broken: number }) {
  if (broken === 0) {
    return (
      <p className="subtle" data-testid="broken-links">
        No broken links.
      </p>
    );
  }
  return (
    <div data-testid="broken-links">
      <Banner tone="warning" title={broken === 1 ? '1 broken link' : `${broken} broken links`}>
        A destination answered 404 or 410, failed DNS or TLS, redirected too often, or failed twice in a row. The links
        list marks them; filter it with health=broken.
      </Banner>
    </div>
  );
}
