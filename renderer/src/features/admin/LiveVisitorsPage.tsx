/** /admin/live (spec §2 "Live Visitors"): one call every 2 s for the chosen window. */

import { useState } from 'react';
import type { LiveWindowMinutes } from '../../api/adminApi';
import { useLiveVisitors } from '../../api/adminQueries';
import { errorMessage } from '../../api/client';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingState } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { formatDuration } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { LiveToggle } from './LiveToggle';
import { LiveVisitorsTable } from './LiveVisitorsTable';
import { PageHeader } from './PageHeader';

export const LIVE_WINDOWS: LiveWindowMinutes[] = [2, 5, 10, 30];

export function LiveVisitorsPage() {
  const [minutes, setMinutes] = useState<LiveWindowMinutes>(5);
  const [live, setLive] = useState(true);
  const result = useLiveVisitors(minutes, live);
  const data = result.data;

  return (
    <div className="admin-section">
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
        <ErrorPanel
          title="Error Loading Live Visitors"
          message={errorMessage(result.error, 'Failed to fetch analytics', { orStatus: true })}
          onRetry={result.refresh}
        />
      ) : null}
      <div className="card-grid card-grid--4">
        <StatCard label="Total Online" value={data ? formatNumber(data.totals.online) : '–'} icon="users" />
        <StatCard
          label="Countries"
          value={data ? formatNumber(data.totals.countries) : '–'}
          icon="globe"
          tone="green"
        />
        <StatCard
          label="Mobile"
          value={data ? formatNumber(data.totals.mobile) : '–'}
          hint="iOS + Android"
          icon="smartphone"
          tone="amber"
        />
        <StatCard
          label="Avg. Time"
          value={data ? formatDuration(data.totals.avgDurationSeconds) : '–'}
          icon="clock"
          tone="pink"
        />
      </div>
      <Card title="Visitors" flush>
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
