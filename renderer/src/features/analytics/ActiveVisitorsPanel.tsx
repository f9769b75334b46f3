/** Active Visitors (spec §9): every 3 s, the distinct visitors of the last 2 minutes. */

import { useCallback, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useAdminCalls } from '../../api/useAdminCalls';
import { usePolling } from '../../api/usePolling';
import { Card } from '../../components/Card';
import { formatTimeAgo } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { LiveToggle } from '../admin/LiveToggle';

export const ACTIVE_VISITORS_INTERVAL_MS = 3000;
export const ACTIVE_WINDOW_MINUTES = 2;
const SHOWN = 6;

export function ActiveVisitorsPanel() {
  const calls = useAdminCalls();
  const [live, setLive] = useState(true);
  const active = usePolling(
    useCallback((signal: AbortSignal) => calls.live(ACTIVE_WINDOW_MINUTES, signal), [calls]),
    { intervalMs: ACTIVE_VISITORS_INTERVAL_MS, enabled: live },
  );
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
