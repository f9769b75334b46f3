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
      <Card title={titled(t('analytics.panels.browserBreakdown'))}>
        <BarList items={topItems(stats.browserCounts)} total={sumCounts(stats.browserCounts)} emptyText={noData} />
      </Card>
      <Card title={sources}>
        <DonutChart pie ariaLabel={sources} labelHeader={t('charts.source')} emptyText={noData} data={referrers} />
      </Card>
      <Card title={titled(t('analytics.panels.operatingSystems'))}>
        <BarList items={topItems(stats.osCounts)} total={sumCounts(stats.osCounts)} emptyText={noData} />
      </Card>
      <Card title={titled(t('analytics.panels.deviceModels'))}>
        <BarList items={topItems(stats.deviceCounts)} total={sumCounts(stats.deviceCounts)} emptyText={noData} />
      </Card>
      <Card title={hourly}>
        <LineChart
          height={220}
          ariaLabel={hourly}
          labelHeader={t('charts.hour')}
          data={hourlyPoints(stats.hourlyStats)}
        />
      </Card>
      <Card title={weekly}>
        <BarChart
          height={220}
          ariaLabel={weekly}
          labelHeader={t('charts.weekday')}
          data={stats.dailyStats.map((value, day) => ({ label: dayNames[day] ?? '', value }))}
        />
      </Card>
    </div>
  );
}

/** Clicks per hour of the day, labelled '00:00' to '23:00'. */
function hourlyPoints(hourly: number[]) {
  return hourly.map((value, hour) => ({ label: `${String(hour).padStart(2, '0')}:00`, value }));
}
