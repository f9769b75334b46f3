/** The user's analytics for one link (product spec §2 "User analytics view"); replaces the list. */
import type { Link, UserLinkAnalyticsResponse } from '../../../../redirector/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { CopyButton } from '../../components/CopyButton';
import { CountryBars } from '../../components/CountryBars';
import { DonutChart } from '../../components/charts/DonutChart';
import { LineChart } from '../../components/charts/LineChart';
import { Icon } from '../../components/Icon';
import { LoadingState } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { formatNumber } from '../../format/numbers';
import { FeatureBadges } from '../links/LinksTable';
import { type LinkHost, shortLinkText, shortLinkUrl } from '../links/shortUrl';
import { userAnalyticsModel } from './userAnalyticsModel';

export interface LinkAnalyticsViewProps {
  state:
    | { status: 'loading' }
    | { status: 'error'; message: string }
    | { status: 'ready'; data: UserLinkAnalyticsResponse };
  host: LinkHost;
  onBack: () => void;
  onRetry: () => void;
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="ghost" icon="arrowLeft" onClick={onBack} className="analytics__back">
      Back to Dashboard
    </Button>
  );
}

export function LinkAnalyticsView({ state, host, onBack, onRetry }: LinkAnalyticsViewProps) {
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
  return <AnalyticsContent data={state.data} host={host} onBack={onBack} />;
}

function LinkSummary({ link, host }: { link: Link; host: LinkHost }) {
  const text = shortLinkText(host, link.short_code);
  return (
    <div className="analytics__head">
      <div className="stack stack--sm analytics__title-block">
        <h2 className="page-title">{link.title || link.short_code}</h2>
        <div className="row analytics__short">
          <Icon name="link" />
          <span className="mono">{text}</span>
          <CopyButton text={shortLinkUrl(host, link.short_code)} label="Copy link" />
        </div>
        <a className="analytics__target truncate" href={link.target_url} target="_blank" rel="noopener noreferrer">
          {link.target_url}
        </a>
      </div>
      <FeatureBadges link={link} emptyDash={false} />
    </div>
  );
}

function AnalyticsContent({
  data,
  host,
  onBack,
}: {
  data: UserLinkAnalyticsResponse;
  host: LinkHost;
  onBack: () => void;
}) {
  const model = userAnalyticsModel(data);
  const { stats, link } = data;
  return (
    <div className="stack stack--lg analytics">
      <div>
        <BackButton onBack={onBack} />
      </div>
      <LinkSummary link={link} host={host} />
      <div className="card-grid card-grid--4">
        <StatCard label="Total Clicks" value={formatNumber(model.totalClicks)} icon="pointer" />
        <StatCard label="Unique Visitors" value={formatNumber(model.uniqueVisitors)} icon="users" tone="green" />
        <StatCard label="Countries" value={formatNumber(model.countries)} icon="globe" tone="amber" />
        <StatCard label="Mobile Clicks" value={formatNumber(model.mobileClicks)} icon="smartphone" tone="pink" />
      </div>
      <Card title="Clicks Over Time (Last 7 Days)">
        <LineChart
          data={model.last7Days}
          seriesName="Clicks"
          ariaLabel={`Clicks per day over the last 7 days: ${model.last7Days.map((day) => `${day.label} ${day.value}`).join(', ')}`}
        />
      </Card>
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
