/** Active Visitors (spec §9): every 3 s, the distinct visitors of the last 2 minutes. */

import { useState } from 'react';
import { ACTIVE_VISITORS_INTERVAL_MS, useLiveVisitors } from '../../api/adminQueries';
import { errorMessage } from '../../api/client';
import { Card } from '../../components/Card';
import { formatTimeAgo } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { LiveToggle } from '../admin/LiveToggle';

export const ACTIVE_WINDOW_MINUTES = 2;
const SHOWN = 6;

export function ActiveVisitorsPanel() {
  const [live, setLive] = useState(true);
  const active = useLiveVisitors(ACTIVE_WINDOW_MINUTES, live, ACTIVE_VISITORS_INTERVAL_MS);
  const data = active.data;

  return (
    <Card title="Active Visitors" subtitle="Last 2 minutes" actions={<LiveToggle live={live} onChange={setLive} />}>
      {active.error && !data ? (
        <p className="field__error">{errorMessage(active.error, 'Failed to fetch analytics', { orStatus: true })}</p>
      ) : !data ? (
        <p className="muted text-sm">Loading...</p>
      ) : (
        <div className="stack">
          <div className="pulse-figure">
            <span className="pulse-figure__value" data-testid="active-visitors">
              {formatNumber(data.totals.online)}
            </span>
            <span className="pulse-figure__caption">
              {data.totals.online === 1 ? 'visitor online' : 'visitors online'}
            </span>
          </div>
          {data.visitors.length === 0 ? (
            <p className="muted text-sm">No active visitors right now</p>
          ) : (
            <ul className="feed">
              {data.visitors.slice(0, SHOWN).map((visitor) => (
                <li key={visitor.ip} className="feed__item">
                  <span className="flag" aria-hidden="true">
                    {visitor.flag}
                  </span>
                  <span className="feed__main">
                    <span className="truncate">
                      {visitor.city ? `${visitor.city}, ${visitor.countryName}` : visitor.countryName}
                    </span>
                    <span className="cell-sub truncate">
                      /{visitor.link.short_code} · {visitor.ip}
                    </span>
                  </span>
                  <span className="feed__meta">{formatTimeAgo(visitor.lastSeen)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Card>
  );
}
