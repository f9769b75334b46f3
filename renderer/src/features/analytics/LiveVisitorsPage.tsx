/** /admin/live (docs/api.md#pages, "Live Visitors"): one call every 2 s for the chosen window. */

import { useState } from 'react';
import { type LiveWindowMinutes, useLiveVisitors } from '../../api/analytics';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { LoadingState } from '../../components/Spinner';
import { StatCard, statValue } from '../../components/StatCard';
import { formatDuration } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { AnalyticsErrorPanel } from './AnalyticsErrorPanel';
import { LiveToggle } from './LiveToggle';
import { LiveVisitorsTable } from './LiveVisitorsTable';

export const LIVE_WINDOWS: LiveWindowMinutes[] = [2, 5, 10, 30];

/** Says how many rows the table shows of how many visitors are online (the call sends at most 200). */
export function visitorsShown(rows: number, online: number): string {
  if (rows < online) return `Showing the ${formatNumber(rows)} most recent of ${formatNumber(online)} visitors`;
  return `${formatNumber(rows)} ${rows === 1 ? 'visitor' : 'visitors'}`;
}

export function LiveVisitorsPage() {
  const [minutes, setMinutes] = useState<LiveWindowMinutes>(5);
  const [live, setLive] = useState(true);
  const result = useLiveVisitors(minutes, live);
  const data = result.data;
  const totals = data?.totals;

  return (
    <div className="stack">
      <PageHeader
        title="Live Visitors"
        subtitle={`Visitors who clicked in the last ${minutes} minutes.`}
        actions={
          <>
            <fieldset className="segmented">
              <legend className="visually-hidden">Time window</legend>
              {LIVE_WINDOWS.map((option) => (
                <button
                  key={option}
                  type="button"
                  className="segmented__option"
                  aria-pressed={option === minutes}
                  onClick={() => setMinutes(option)}
                >
                  {option} min
                </button>
              ))}
            </fieldset>
            <LiveToggle live={live} onChange={setLive} />
          </>
        }
      />
      {result.error && !data ? (
        <AnalyticsErrorPanel what="Live Visitors" error={result.error} onRetry={result.refresh} />
      ) : null}
      <div className="card-grid card-grid--4">
        <StatCard label="Total Online" value={statValue(totals?.online)} icon="users" />
        <StatCard label="Countries" value={statValue(totals?.countries)} icon="globe" tone="green" />
        <StatCard
          label="Mobile"
          value={statValue(totals?.mobile)}
          hint="iOS + Android"
          icon="smartphone"
          tone="amber"
        />
        <StatCard
          label="Avg. Time"
          value={statValue(totals?.avgDurationSeconds, formatDuration)}
          icon="clock"
          tone="pink"
        />
      </div>
      <Card
        title="Visitors"
        subtitle={data ? visitorsShown(data.visitors.length, totals?.online ?? 0) : undefined}
        flush
      >
        {!data ? (
          result.error ? null : (
            <LoadingState message="Loading visitors..." />
          )
        ) : data.visitors.length === 0 ? (
          <EmptyState icon="users" title="No active visitors right now" />
        ) : (
          <LiveVisitorsTable visitors={data.visitors} />
        )}
      </Card>
    </div>
  );
}
