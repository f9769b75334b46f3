/** A link's breakdowns (docs/api.md#pages, "Admin per-link analytics"): panels fed the plain stats. */
import { useTranslation } from 'react-i18next';
import type { LinkAnalyticsResponse } from '../../../../redirector/contract';
import { Card } from '../../components/Card';
import { CountryBars } from '../../components/CountryBars';
import { BarChart } from '../../components/charts/BarChart';
import { BarList, sumCounts } from '../../components/charts/BarList';
import { DonutChart } from '../../components/charts/DonutChart';
import { LineChart } from '../../components/charts/LineChart';
import { titleWithRange } from '../../components/charts/rangeTitle';
import { deviceSlices, referrerSlices, shortDayNames, topItems } from './analyticsFormat';

export interface LinkBreakdownGridProps {
  stats: LinkAnalyticsResponse['stats'];
  /** The range the figures cover ('Last 30 days', 'All time'), named in each chart's title. */
  rangeLabel: string;
}

export function LinkBreakdownGrid({ stats, rangeLabel }: LinkBreakdownGridProps) {
  const { t } = useTranslation();
  // The server's day names are English; Sunday first in both.
  const dayNames = shortDayNames();
  const referrers = referrerSlices(stats.referrerCounts);
  const titled = (title: string) => titleWithRange(title, rangeLabel);
  const noData = t('analytics.noData');
  const devices = titled(t('analytics.panels.deviceBreakdown'));
  const sources = titled(t('analytics.panels.referrerSources'));
  const hourly = titled(t('analytics.panels.hourly'));
  const weekly = titled(t('analytics.panels.dayOfWeek'));
  const hours = hourlyPoints(stats.hourlyStats);
  const weekdays = stats.dailyStats.map((value, day) => ({ label: dayNames[day] ?? '', value }));
  return (
    <div className="admin-grid">
      <Card title={devices}>
        <DonutChart
          ariaLabel={devices}
          labelHeader={t('charts.device')}
          centerCaption={t('analytics.clicksCaption')}
          emptyText={noData}
          data={deviceSlices(stats.deviceStats)}
        />
      </Card>
      <Card title={titled(t('analytics.panels.topCountries'))}>
        <CountryBars counts={stats.countryCounts} limit={5} emptyText={t('analytics.noCountryDataAvailable')} />
      </Card>
      <CountsCard
        title={titled(t('analytics.panels.browserBreakdown'))}
        counts={stats.browserCounts}
        emptyText={noData}
      />
      <Card title={sources}>
        <DonutChart pie ariaLabel={sources} labelHeader={t('charts.source')} emptyText={noData} data={referrers} />
      </Card>
      <CountsCard title={titled(t('analytics.panels.operatingSystems'))} counts={stats.osCounts} emptyText={noData} />
      <CountsCard title={titled(t('analytics.panels.deviceModels'))} counts={stats.deviceCounts} emptyText={noData} />
      <Card title={hourly}>
        <LineChart height={220} ariaLabel={hourly} labelHeader={t('charts.hour')} data={hours} />
      </Card>
      <Card title={weekly}>
        <BarChart height={220} ariaLabel={weekly} labelHeader={t('charts.weekday')} data={weekdays} />
      </Card>
    </div>
  );
}

/** Clicks per hour of the day, labelled '00:00' to '23:00'. */
function hourlyPoints(hourly: number[]) {
  return hourly.map((value, hour) => ({ label: `${String(hour).padStart(2, '0')}:00`, value }));
}

/** A breakdown's top entries as bars, each with its share of the whole. */
function CountsCard({
  title,
  counts,
  emptyText,
}: {
  title: string;
  counts: Record<string, number>;
  emptyText: string;
}) {
  return (
    <Card title={title}>
      <BarList items={topItems(counts)} total={sumCounts(counts)} emptyText={emptyText} />
    </Card>
  );
}
