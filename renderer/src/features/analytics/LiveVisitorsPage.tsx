/** /admin/live (docs/api.md#pages, "Live Visitors"): one call every 2 s for the chosen window. */

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LiveWindowMinutes, useLiveVisitors } from '../../api/analytics';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { SegmentedOption } from '../../components/SegmentedOption';
import { LoadingState } from '../../components/Spinner';
import { statValue } from '../../components/StatCard';
import { StatGrid } from '../../components/StatGrid';
import { formatDuration } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { i18next } from '../../i18n';
import { AnalyticsErrorPanel } from './AnalyticsErrorPanel';
import { LiveToggle } from './LiveToggle';
import { LiveVisitorsTable } from './LiveVisitorsTable';

export const LIVE_WINDOWS: LiveWindowMinutes[] = [2, 5, 10, 30];

/** Says how many rows the table shows of how many visitors are online (the call sends at most 200). */
export function visitorsShown(rows: number, online: number): string {
  if (rows < online)
    return i18next.t('analytics.livePage.shownOf', { rows: formatNumber(rows), online: formatNumber(online) });
  return i18next.t('analytics.livePage.count', { count: rows, shown: formatNumber(rows) });
}

export function LiveVisitorsPage() {
  const { t } = useTranslation();
  const [minutes, setMinutes] = useState<LiveWindowMinutes>(5);
  const [live, setLive] = useState(true);
  const result = useLiveVisitors(minutes, live);
  const data = result.data;
  const totals = data?.totals;

  return (
    <div className="stack">
      <PageHeader
        title={t('analytics.livePage.title')}
        subtitle={t('analytics.livePage.subtitle', { count: minutes })}
        actions={
          <>
            <fieldset className="segmented">
              <legend className="visually-hidden">{t('analytics.livePage.timeWindow')}</legend>
              {LIVE_WINDOWS.map((option) => (
                <SegmentedOption key={option} pressed={option === minutes} onClick={() => setMinutes(option)}>
                  {t('analytics.livePage.minutes', { count: option })}
                </SegmentedOption>
              ))}
            </fieldset>
            <LiveToggle live={live} onChange={setLive} />
          </>
        }
      />
      {result.error && !data ? (
        <AnalyticsErrorPanel what={t('analytics.livePage.title')} error={result.error} onRetry={result.refresh} />
      ) : null}
      <StatGrid
        stats={[
          { label: t('analytics.stats.totalOnline'), value: statValue(totals?.online), icon: 'users' },
          { label: t('analytics.stats.countries'), value: statValue(totals?.countries), icon: 'globe' },
          {
            label: t('analytics.stats.mobile'),
            value: statValue(totals?.mobile),
            hint: t('analytics.stats.mobileHint'),
            icon: 'smartphone',
          },
          {
            label: t('analytics.stats.avgTime'),
            value: statValue(totals?.avgDurationSeconds, formatDuration),
            icon: 'clock',
          },
        ]}
      />
      <Card
        title={t('analytics.livePage.visitors')}
        subtitle={data ? visitorsShown(data.visitors.length, totals?.online ?? 0) : undefined}
        flush
      >
        {!data ? (
          result.error ? null : (
            <LoadingState message={t('analytics.livePage.loading')} />
          )
        ) : data.visitors.length === 0 ? (
          <EmptyState icon="users" title={t('analytics.live.noActiveVisitors')} />
        ) : (
          <LiveVisitorsTable visitors={data.visitors} />
        )}
      </Card>
    </div>
  );
}
