/** A link's breakdowns (docs/api.md#pages, "Admin per-link analytics"): panels fed the plain stats. */
import type { LinkAnalyticsResponse } from '../../../../redirector/contract';
import { Card } from '../../components/Card';
import { CountryBars } from '../../components/CountryBars';
import { BarChart } from '../../components/charts/BarChart';
import { BarList, sumCounts } from '../../components/charts/BarList';
import { DEVICE_COLORS } from '../../components/charts/colors';
import { DonutChart } from '../../components/charts/DonutChart';
import { LineChart } from '../../components/charts/LineChart';
import { referrerSlices, SHORT_DAY_NAMES, topItems } from './analyticsFormat';

export function LinkBreakdownGrid({ stats }: { stats: LinkAnalyticsResponse['stats'] }) {
  const dayNames = stats.dayNames.length === 7 ? stats.dayNames : SHORT_DAY_NAMES;
  const referrers = referrerSlices(stats.referrerCounts);
  return (
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
        <BarList items={topItems(stats.browserCounts)} total={sumCounts(stats.browserCounts)} emptyText="No data yet" />
      </Card>
      <Card title="Referrer Sources">
        <DonutChart pie ariaLabel="Clicks by referrer" emptyText="No data yet" data={referrers} />
      </Card>
      <Card title="Operating Systems">
        <BarList items={topItems(stats.osCounts)} total={sumCounts(stats.osCounts)} emptyText="No data yet" />
      </Card>
      <Card title="Device Models">
        <BarList items={topItems(stats.deviceCounts)} total={sumCounts(stats.deviceCounts)} emptyText="No data yet" />
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
  );
}
