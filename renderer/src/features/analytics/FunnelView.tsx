/**
 * The conversion funnel (docs/api.md#pages and docs/api.md#analytics) from one answer. Estimated figures (impressions,
 * time to click) are labelled as estimates wherever they show.
 */
import type { FunnelResponse, FunnelStep } from '../../../../redirector/contract';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { cx } from '../../components/cx';
import { StatCard } from '../../components/StatCard';
import { formatNumber, formatPercent } from '../../format/numbers';

/** A step loses more than this share of the previous one: shown in red (docs/api.md#pages). */
export const HIGH_DROP_OFF = 0.5;

const STEP_FIELD: Record<string, string> = {
  Impressions: 'impressions',
  'Link Clicks': 'clicks',
  'Engaged Users': 'engaged',
  Conversions: 'conversions',
};

function EstimateBadge() {
  return <Badge tone="warning">Estimate</Badge>;
}

export function funnelAdvice(data: FunnelResponse): string {
  if (data.bounceRate > HIGH_DROP_OFF)
    return 'Most clicks arrive without a referrer. Share your links where people engage (social posts, bios, newsletters) so more visits come with context.';
  if (data.igExitRate > 0.25)
    return 'Many visitors come from Instagram. Keep the Instagram exit address current so they land where you want.';
  if (data.conversionRate < 0.1)
    return 'Few estimated impressions turn into engaged visits. Try a clearer call to action next to your links.';
  return 'Your links engage their visitors well. Keep sharing them on the channels that bring referred traffic.';
}

export function FunnelView({ data }: { data: FunnelResponse }) {
  const estimated = new Set(data.estimated);
  const isEstimate = (step: FunnelStep) => estimated.has(STEP_FIELD[step.name] ?? '');
  const max = Math.max(0, ...data.steps.map((step) => step.value));

  return (
    <>
      <div className="card-grid card-grid--4">
        <StatCard
          label="Avg. Time to Click"
          value={formatNumber(data.avgTimeToClickMinutes)}
          hint={estimated.has('avgTimeToClickMinutes') ? 'minutes · estimate (fixed 45 s)' : 'minutes'}
          icon="clock"
        />
        <StatCard
          label="Conversion Rate"
          value={formatPercent(data.conversionRate)}
          hint={estimated.has('impressions') ? 'of estimated impressions' : undefined}
          icon="activity"
          tone="green"
        />
        <StatCard label="Bounce Rate" value={formatPercent(data.bounceRate)} icon="arrowLeft" tone="amber" />
        <StatCard label="IG Exit Rate" value={formatPercent(data.igExitRate)} icon="external" tone="pink" />
      </div>
      <Card title="Conversion Funnel" subtitle="Share of impressions at each step">
        <ul className="plain-list bar-list" aria-label="Funnel steps">
          {data.steps.map((step) => (
            <li key={step.name} className="bar-list__item" data-testid="funnel-step">
              <div className="bar-list__row">
                <span className="bar-list__label">
                  {step.name}
                  {isEstimate(step) ? <EstimateBadge /> : null}
                </span>
                <span className="bar-list__value">{formatNumber(step.value)}</span>
                <span className="bar-list__meta" data-testid="funnel-percent">
                  {formatPercent(step.percent)}
                </span>
              </div>
              <div className="bar-list__track" aria-hidden="true" style={{ height: 10 }}>
                <div className="bar-list__fill" style={{ width: `${max === 0 ? 0 : (step.value / max) * 100}%` }} />
              </div>
            </li>
          ))}
        </ul>
        {estimated.has('impressions') ? (
          <p className="estimate-note" style={{ marginTop: 16 }}>
            Impressions are an estimate (3 × clicks); the link itself cannot see who saw it.
          </p>
        ) : null}
      </Card>
      <Card title="Advice">
        <p className="text-sm">{funnelAdvice(data)}</p>
      </Card>
      <Card title="Conversion Path Breakdown">
        <ol className="plain-list">
          {data.steps.slice(1).map((step, index) => {
            const previous = data.steps[index];
            const high = step.dropOff > HIGH_DROP_OFF;
            return (
              <li key={step.name} className="funnel-step" data-testid="funnel-path">
                <span>
                  {previous?.name} → {step.name}
                </span>
                <span className="muted text-sm">
                  {formatNumber(previous?.value ?? 0)} → {formatNumber(step.value)}
                </span>
                <span
                  className={cx('funnel-step__drop', high && 'funnel-step__drop--high')}
                  data-testid="funnel-drop-off"
                >
                  {formatPercent(step.dropOff)} drop-off
                </span>
              </li>
            );
          })}
        </ol>
      </Card>
    </>
  );
}
