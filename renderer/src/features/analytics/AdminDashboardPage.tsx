/** /admin: 'Analytics Dashboard' (docs/api.md#pages). One call per panel (docs/api.md#analytics). */

import { useTranslation } from 'react-i18next';
import { useSummary } from '../../api/analytics';
import { useLinkHealthCounts } from '../../api/links';
import { Banner } from '../../components/Banner';
import { Card } from '../../components/Card';
import { UnknownCountriesNote } from '../../components/CountryBars';
import { BarChart } from '../../components/charts/BarChart';
import { DonutChart } from '../../components/charts/DonutChart';
import { titleWithRange } from '../../components/charts/rangeTitle';
import { PageHeader } from '../../components/PageHeader';
import { statValue } from '../../components/StatCard';
import { StatGrid } from '../../components/StatGrid';
import { rankCountries } from '../../format/countries';
import { ActiveVisitorsPanel } from './ActiveVisitorsPanel';
import { AnalyticsErrorPanel } from './AnalyticsErrorPanel';
import { AnalyticsRangeBar } from './AnalyticsRangeBar';
import { deviceSlices } from './analyticsFormat';
import { choiceLabel } from './analyticsTexts';
import { CountryBreakdownCard } from './CountryBreakdownCard';
import { RealtimePanel } from './RealtimePanel';
import { useDateRange } from './useDateRange';

/** The headline figures: each is the summary's field of the same name, with its icon. */
const DASHBOARD_STATS = [
  ['totalLinks', 'link'],
  ['totalClicks', 'pointer'],
  ['uniqueVisitors', 'users'],
  ['todayClicks', 'calendar'],
] as const;

export function AdminDashboardPage() {
  const { t } = useTranslation();
  const dateRange = useDateRange();
  const summary = useSummary(dateRange.range);
  const health = useLinkHealthCounts();
  const data = summary.data;
  const devices = data?.deviceStats ?? { ios: 0, android: 0, web: 0 };
  const { countries: topCountries, unknown: unknownClicks } = rankCountries(data?.countryCounts ?? {}, 5);
  const range = choiceLabel(dateRange.choice, dateRange.range);
  const devicesTitle = titleWithRange(t('analytics.panels.deviceDistribution'), range);
  const countriesTitle = titleWithRange(t('analytics.panels.topCountries'), range);
  const loading = <div className="chart-empty">{t('analytics.loading')}</div>;

  return (
    <div className="stack">
      <PageHeader title={t('analytics.dashboard.title')} subtitle={t('analytics.dashboard.subtitle')} />
      <div className="admin-grid admin-grid--wide-left">
        <RealtimePanel />
        <ActiveVisitorsPanel />
      </div>
      <AnalyticsRangeBar dateRange={dateRange} />
      {summary.error && !data ? (
        <AnalyticsErrorPanel what={t('analytics.what')} error={summary.error} onRetry={summary.refresh} />
      ) : null}
      <StatGrid
        stats={DASHBOARD_STATS.map(([key, icon]) => ({
          label: t(`analytics.stats.${key}`),
          value: statValue(data?.[key]),
          icon,
        }))}
      />
      {health.data ? <BrokenLinksLine broken={health.data.broken} /> : null}
      <div className="admin-grid">
        <Card title={devicesTitle}>
          {!data ? (
            loading
          ) : (
            <DonutChart
              pie
              ariaLabel={devicesTitle}
              labelHeader={t('charts.device')}
              emptyText={t('analytics.noData')}
              data={deviceSlices(devices)}
            />
          )}
        </Card>
        <Card title={countriesTitle} subtitle={t('analytics.panels.top5')}>
          {!data ? (
            loading
          ) : topCountries.length === 0 ? (
            <>
              <div className="chart-empty">{t('analytics.noData')}</div>
              <UnknownCountriesNote clicks={unknownClicks} />
            </>
          ) : (
            <>
              <BarChart
                horizontal
                height={220}
                ariaLabel={countriesTitle}
                labelHeader={t('charts.country')}
                data={topCountries.map((country) => ({ label: country.name, value: country.count }))}
              />
              <UnknownCountriesNote clicks={unknownClicks} />
            </>
          )}
        </Card>
      </div>
      <CountryBreakdownCard
        counts={data?.countryCounts}
        title={titleWithRange(t('analytics.countryCard.title'), range)}
      />
    </div>
  );
}

/** How many links are broken (docs/api.md#link-health): a warning when some are, a quiet line when none. */
function BrokenLinksLine({ broken }: { broken: number }) {
  const { t } = useTranslation();
  if (broken === 0) {
    return (
      <p className="subtle" data-testid="broken-links">
        {t('analytics.brokenLinks.none')}
      </p>
    );
  }
  return (
    <div data-testid="broken-links">
      <Banner tone="warning" title={t('analytics.brokenLinks.count', { count: broken })}>
        {t('analytics.brokenLinks.body')}
      </Banner>
    </div>
  );
}
