/** /admin/link/{linkId} (docs/api.md#pages, "Admin per-link analytics"): one call, refreshed every 5 s. */

import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAnalyticsCalls, useLinkStats } from '../../api/analytics';
import { ApiError, errorMessage } from '../../api/client';
import { Badge } from '../../components/Badge';
import { Banner } from '../../components/Banner';
import { Card } from '../../components/Card';
import { LineChart } from '../../components/charts/LineChart';
import { Icon } from '../../components/Icon';
import { LoadingState } from '../../components/Spinner';
import { StatGrid } from '../../components/StatGrid';
import { formatDate, formatDay } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { AnalyticsRangeBar } from './AnalyticsRangeBar';
import { onlineNow, trendDays, trendSpan } from './analyticsFormat';
import { choiceLabel, trendAriaLabel, trendTitle } from './analyticsTexts';
import { LinkBreakdownGrid } from './LinkBreakdownGrid';
import { RecentClicksTable } from './RecentClicksTable';
import { RulesPanel } from './RulesPanel';
import { ShareStatsButton } from './ShareStatsDialog';
import { useDateRange } from './useDateRange';
import { VariantsPanel } from './VariantsPanel';

export function LinkAnalyticsPage() {
  const { t } = useTranslation();
  const { linkId = '' } = useParams();
  const calls = useAnalyticsCalls();
  const dateRange = useDateRange();
  const analytics = useLinkStats(linkId, dateRange.range);
  const back = (
    <RouterLink to="/admin/links" className="back-link">
      <Icon name="arrowLeft" /> {t('analytics.backToLinks')}
    </RouterLink>
  );

  const data = analytics.data;
  if (!data) {
    if (analytics.loading) return <LoadingState message={t('analytics.loadingAnalytics')} />;
    const notFound =
      analytics.error instanceof ApiError && (analytics.error.status === 404 || analytics.error.status === 400);
    return (
      <div className="stack">
        {back}
        <Banner tone="error" title={notFound ? t('analytics.linkNotFound') : t('analytics.failed')}>
          {notFound ? undefined : errorMessage(analytics.error, t('analytics.failed'), { orStatus: true })}
        </Banner>
      </div>
    );
  }

  const { link, stats, recentClicks } = data;
  const url = link.short_url;
  const online = onlineNow(recentClicks);
  const trend = trendTitle(t('analytics.panels.clickTrend'), trendSpan(stats.days));

  return (
    <div className="stack">
      {back}
      <div className="page-header" style={{ marginBottom: 0 }}>
        <div className="page-header__text">
          <div className="row">
            <h1 className="page-title">{link.title || `/${link.short_code}`}</h1>
            {online > 0 ? (
              <Badge tone="success">
                <span className="live-dot" aria-hidden="true" /> {t('analytics.onlineNow', { count: online })}
              </Badge>
            ) : null}
          </div>
          <a href={link.target_url} target="_blank" rel="noopener noreferrer" className="text-sm truncate">
            {link.target_url}
          </a>
          <span className="mono text-sm muted">{url}</span>
          <div>
            <ShareStatsButton linkId={link.id} />
          </div>
        </div>
      </div>
      <AnalyticsRangeBar
        dateRange={dateRange}
        clickExport={{ shortCode: link.short_code, download: () => calls.clicksCsv(link.id, dateRange.range) }}
      />
      {analytics.error ? (
        <Banner tone="warning">{errorMessage(analytics.error, t('analytics.failed'), { orStatus: true })}</Banner>
      ) : null}
      <StatGrid
        stats={[
          { label: t('analytics.stats.totalClicks'), value: formatNumber(stats.totalClicks), icon: 'pointer' },
          { label: t('analytics.stats.uniqueVisitors'), value: formatNumber(stats.uniqueVisitors), icon: 'users' },
          {
            label: t('analytics.stats.created'),
            value: <span className="stat-date">{formatDate(link.created_at)}</span>,
            icon: 'calendar',
          },
        ]}
      />
      <Card title={trend}>
        <LineChart
          ariaLabel={`${trend}. ${trendAriaLabel(stats.days !== undefined)}`}
          labelHeader={t('charts.day')}
          data={trendDays(stats).map((day) => ({ label: formatDay(day.date), value: day.clicks }))}
        />
      </Card>
      <LinkBreakdownGrid stats={stats} rangeLabel={choiceLabel(dateRange.choice, dateRange.range)} />
      <VariantsPanel variants={data.variants ?? []} />
      <RulesPanel stats={data.stats.rules} rules={data.link.rules ?? []} />
      <Card title={t('analytics.panels.recentClicks')} flush>
        <RecentClicksTable clicks={recentClicks} />
      </Card>
    </div>
  );
}
