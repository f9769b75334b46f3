/** The user's analytics for one link (docs/api.md#pages, "User analytics view"); replaces the list. */
import { useTranslation } from 'react-i18next';
import type { UserLinkAnalyticsResponse } from '../../../../redirector/contract';
import type { UserLinkStatsState } from '../../api/analytics';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { CountryBars } from '../../components/CountryBars';
import { LineChart } from '../../components/charts/LineChart';
import { titleWithRange } from '../../components/charts/rangeTitle';
import { LoadingState } from '../../components/Spinner';
import { StatGrid } from '../../components/StatGrid';
import { formatNumber } from '../../format/numbers';
import { AnalyticsRangeBar } from './AnalyticsRangeBar';
import { choiceLabel, trendAriaLabel, trendTitle } from './analyticsTexts';
import { LinkBreakdownGrid } from './LinkBreakdownGrid';
import { LinkSummary } from './LinkSummary';
import { RecentClicksTable } from './RecentClicksTable';
import { RulesPanel } from './RulesPanel';
import { ShareStatsButton } from './ShareStatsDialog';
import type { useDateRange } from './useDateRange';
import { userAnalyticsModel } from './userAnalyticsModel';
import { VariantsPanel } from './VariantsPanel';

export interface UserLinkAnalyticsViewProps {
  state: UserLinkStatsState;
  onBack: () => void;
  onRetry: () => void;
  dateRange: ReturnType<typeof useDateRange>;
  /** The link's clicks of the current range as CSV. */
  exportClicks: () => Promise<Blob>;
}

function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" icon="arrowLeft" onClick={onBack} className="analytics__back">
      {t('analytics.backToDashboard')}
    </Button>
  );
}

export function UserLinkAnalyticsView({ state, onBack, onRetry, ...content }: UserLinkAnalyticsViewProps) {
  const { t } = useTranslation();
  if (state.status === 'loading') {
    return (
      <div className="stack">
        <BackButton onBack={onBack} />
        <LoadingState message={t('analytics.loadingAnalytics')} />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="stack">
        <BackButton onBack={onBack} />
        <Banner
          tone="error"
          actions={
            <Button size="sm" icon="refresh" onClick={onRetry}>
              {t('analytics.retry')}
            </Button>
          }
        >
          {state.message}
        </Banner>
      </div>
    );
  }
  return <AnalyticsContent data={state.data} onBack={onBack} {...content} />;
}

type ContentProps = Pick<UserLinkAnalyticsViewProps, 'onBack' | 'dateRange' | 'exportClicks'> & {
  data: UserLinkAnalyticsResponse;
};

function AnalyticsContent({ data, onBack, dateRange, exportClicks }: ContentProps) {
  const { t } = useTranslation();
  const model = userAnalyticsModel(data);
  const { stats, link } = data;
  const range = choiceLabel(dateRange.choice, dateRange.range);
  const trend = trendTitle(t('analytics.panels.clicksOverTime'), model.span);
  return (
    <div className="stack stack--lg analytics">
      <div>
        <BackButton onBack={onBack} />
      </div>
      <LinkSummary link={link} />
      <div>
        <ShareStatsButton linkId={link.id} />
      </div>
      <AnalyticsRangeBar dateRange={dateRange} clickExport={{ shortCode: link.short_code, download: exportClicks }} />
      <StatGrid
        stats={[
          { label: t('analytics.stats.totalClicks'), value: formatNumber(model.totalClicks), icon: 'pointer' },
          { label: t('analytics.stats.uniqueVisitors'), value: formatNumber(model.uniqueVisitors), icon: 'users' },
          { label: t('analytics.stats.countries'), value: formatNumber(model.countries), icon: 'globe' },
          { label: t('analytics.stats.mobileClicks'), value: formatNumber(model.mobileClicks), icon: 'smartphone' },
        ]}
      />
      <Card title={trend}>
        <LineChart
          data={model.trend}
          labelHeader={t('charts.day')}
          ariaLabel={`${trend}. ${trendAriaLabel(model.span !== undefined)}`}
        />
      </Card>
      <VariantsPanel variants={data.variants ?? []} />
      <RulesPanel stats={data.stats.rules} rules={data.link.rules ?? []} />
      {/* The administrator's panels of the link: its owner sees every figure of it (docs/api.md#analytics). */}
      <LinkBreakdownGrid stats={stats} rangeLabel={range} />
      {model.showBlocked ? (
        <Card
          title={titleWithRange(t('analytics.panels.blocked'), range)}
          subtitle={
            <>
              {t('analytics.panels.redirectedTo')} <span className="mono">{model.blockedTarget}</span>
            </>
          }
          className="analytics__blocked"
        >
          <div className="stack">
            <CountryBars
              counts={stats.blockedCountries}
              tone="danger"
              showShare={false}
              valueFormat={(value) => t('analytics.panels.blockedValue', { value: formatNumber(value) })}
            />
            <hr className="divider" />
            <div className="row row--between">
              <span className="cell-title">{t('analytics.panels.totalBlocked')}</span>
              <span className="cell-title">{formatNumber(stats.blockedVisitors)}</span>
            </div>
          </div>
        </Card>
      ) : null}
      <Card title={t('analytics.panels.recentClicks')} flush>
        <RecentClicksTable clicks={data.recentClicks} />
      </Card>
    </div>
  );
}
