/**
 * The conversion funnel (docs/api.md#pages and docs/api.md#analytics) from one answer. Estimated figures (impressions,
 * time to click) are labelled as estimates wherever they show.
 */
import { useTranslation } from 'react-i18next';
import type { FunnelResponse, FunnelStep } from '../../../../redirector/contract';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { cx } from '../../components/cx';
import { StatGrid } from '../../components/StatGrid';
import { formatNumber, formatPercent } from '../../format/numbers';
import { i18next } from '../../i18n';

/** A step loses more than this share of the previous one: shown in red (docs/api.md#pages). */
export const HIGH_DROP_OFF = 0.5;

const STEP_FIELD: Record<string, string> = {
  Impressions: 'impressions',
  'Link Clicks': 'clicks',
  'Engaged Users': 'engaged',
  Conversions: 'conversions',
};

/** A step's name in the UI's language (the server names them in English). */
function stepName(name: string): string {
  switch (name) {
    case 'Impressions':
      return i18next.t('analytics.funnel.stepNames.Impressions');
    case 'Link Clicks':
      return i18next.t('analytics.funnel.stepNames.Link Clicks');
    case 'Engaged Users':
      return i18next.t('analytics.funnel.stepNames.Engaged Users');
    case 'Conversions':
      return i18next.t('analytics.funnel.stepNames.Conversions');
    default:
      return name;
  }
}

function EstimateBadge() {
  const { t } = useTranslation();
  return <Badge tone="warning">{t('analytics.funnel.estimate')}</Badge>;
}

export function funnelAdvice(data: FunnelResponse): string {
  if (data.bounceRate > HIGH_DROP_OFF) return i18next.t('analytics.funnel.adviceReferrer');
  if (data.igExitRate > 0.25) return i18next.t('analytics.funnel.adviceInstagram');
  if (data.conversionRate < 0.1) return i18next.t('analytics.funnel.adviceCallToAction');
  return i18next.t('analytics.funnel.adviceGood');
}

export function FunnelView({ data }: { data: FunnelResponse }) {
  const { t } = useTranslation();
  const estimated = new Set(data.estimated);
  const isEstimate = (step: FunnelStep) => estimated.has(STEP_FIELD[step.name] ?? '');
  const max = Math.max(0, ...data.steps.map((step) => step.value));

  return (
    <>
      <StatGrid
        stats={[
          {
            label: t('analytics.funnel.avgTime'),
            value: formatNumber(data.avgTimeToClickMinutes),
            hint: estimated.has('avgTimeToClickMinutes')
              ? t('analytics.funnel.minutesEstimate')
              : t('analytics.funnel.minutes'),
            icon: 'clock',
          },
          {
            label: t('analytics.funnel.conversionRate'),
            value: formatPercent(data.conversionRate),
            hint: estimated.has('impressions') ? t('analytics.funnel.ofEstimated') : undefined,
            icon: 'activity',
          },
          { label: t('analytics.funnel.bounceRate'), value: formatPercent(data.bounceRate), icon: 'arrowLeft' },
          { label: t('analytics.funnel.igExitRate'), value: formatPercent(data.igExitRate), icon: 'external' },
        ]}
      />
      <Card title={t('analytics.funnel.title')} subtitle={t('analytics.funnel.stepsSubtitle')}>
        <ul className="plain-list bar-list" aria-label={t('analytics.funnel.steps')}>
          {data.steps.map((step) => (
            <li key={step.name} className="bar-list__item" data-testid="funnel-step">
              <div className="bar-list__row">
                <span className="bar-list__label">
                  {stepName(step.name)}
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
            {t('analytics.funnel.impressionsNote')}
          </p>
        ) : null}
      </Card>
      <Card title={t('analytics.funnel.advice')}>
        <p className="text-sm">{funnelAdvice(data)}</p>
      </Card>
      <Card title={t('analytics.funnel.pathBreakdown')}>
        <ol className="plain-list">
          {data.steps.slice(1).map((step, index) => {
            const previous = data.steps[index];
            const high = step.dropOff > HIGH_DROP_OFF;
            return (
              <li key={step.name} className="funnel-step" data-testid="funnel-path">
                <span>
                  {stepName(previous?.name ?? '')} → {stepName(step.name)}
                </span>
                <span className="muted text-sm">
                  {formatNumber(previous?.value ?? 0)} → {formatNumber(step.value)}
                </span>
                <span
                  className={cx('funnel-step__drop', high && 'funnel-step__drop--high')}
                  data-testid="funnel-drop-off"
                >
                  {t('analytics.funnel.dropOff', { percent: formatPercent(step.dropOff) })}
                </span>
              </li>
            );
          })}
        </ol>
      </Card>
    </>
  );
}
