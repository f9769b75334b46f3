/** The user's analytics for one link (docs/api.md#pages, "User analytics view"); replaces the list. */
import type { UserLinkAnalyticsResponse } from '../../../../redirector/contract';
import type { UserLinkStatsState } from '../../api/analytics';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { CountryBars } from '../../components/CountryBars';
import { DonutChart } from '../../components/charts/DonutChart';
import { LineChart } from '../../components/charts/LineChart';
import { LoadingState } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { formatNumber } from '../../format/numbers';
import { AnalyticsRangeBar } from './AnalyticsRangeBar';
import { TREND_TEXTS } from './analyticsTexts';
import { LinkSummary } from './LinkSummary';
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
  return (
    <Button variant="ghost" icon="arrowLeft" onClick={onBack} className="analytics__back">
      Back to Dashboard
    </Button>
  );
}

export function UserLinkAnalyticsView({ state, onBack, onRetry, ...content }: UserLinkAnalyticsViewProps) {
  if (state.status === 'loading') {
    return (
      <div className="stack">
        <BackButton onBack={onBack} />
        <LoadingState message="Loading analytics..." />
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
              Retry
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
  const model = userAnalyticsModel(data);
  const { stats, link } = data;
  return (
    <div className="stack stack--lg analytics">
      <div>
        <BackButton onBack={onBack} />
      </div>
      <LinkSummary link={link} />
      <AnalyticsRangeBar dateRange={dateRange} clickExport={{ shortCode: link.short_code, download: exportClicks }} />
      <div className="card-grid card-grid--4">
        <StatCard label="Total Clicks" value={formatNumber(model.totalClicks)} icon="pointer" />
        <StatCard label="Unique Visitors" value={formatNumber(model.uniqueVisitors)} icon="users" tone="green" />
        <StatCard label="Countries" value={formatNumber(model.countries)} icon="globe" tone="amber" />
        <StatCard label="Mobile Clicks" value={formatNumber(model.mobileClicks)} icon="smartphone" tone="pink" />
      </div>
      <Card title={TREND_TEXTS.title('Clicks Over Time', model.span)}>
        <LineChart
          data={model.trend}
          seriesName="Clicks"
          ariaLabel={`${TREND_TEXTS.ariaLabel(model.span !== undefined)}: ${model.trend.map((day) => `${day.label} ${day.value}`).join(', ')}`}
        />
      </Card>
      <VariantsPanel variants={data.variants ?? []} />
      <div className="card-grid card-grid--2">
        <Card title="Device Breakdown">
          <DonutChart
            data={model.devices}
            centerCaption="clicks"
            emptyText="No clicks yet"
            ariaLabel={`Clicks by device: ${model.devices.map((slice) => `${slice.name} ${slice.value}`).join(', ')}`}
          />
        </Card>
        <Card title="Top Countries">
          <CountryBars counts={stats.countryCounts} limit={5} relativeTo="max" emptyText="No country data yet" />
        </Card>
      </div>
      {model.showBlocked ? (
        <Card
          title="Blocked Countries (Geo-Redirected)"
          subtitle={
            <>
              Redirected to <span className="mono">{model.blockedTarget}</span>
            </>
          }
          className="analytics__blocked"
        >
          <div className="stack">
            <CountryBars
              counts={stats.blockedCountries}
              tone="danger"
              showShare={false}
              valueFormat={(value) => `${formatNumber(value)} blocked`}
            />
            <hr className="divider" />
            <div className="row row--between">
              <span className="cell-title">Total Blocked</span>
              <span className="cell-title">{formatNumber(stats.blockedVisitors)}</span>
            </div>
          </div>
        </Card>
      ) : null}
    </div>
  );
}
