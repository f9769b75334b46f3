/** Real-Time Activity (spec §9): every 5 s, clicks per minute, the 10 latest clicks, the 6 busiest links. */

import { useState } from 'react';
import { useRealtime } from '../../api/adminQueries';
import { errorMessage } from '../../api/client';
import { Card } from '../../components/Card';
import { countryFlag, countryName } from '../../format/countries';
import { formatTimeAgo } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { LiveToggle } from '../admin/LiveToggle';
import { deviceLabel } from './deviceLabel';

export function RealtimePanel() {
  const [live, setLive] = useState(true);
  const realtime = useRealtime(live);
  const data = realtime.data;

  return (
    <Card title="Real-Time Activity" subtitle="Last 5 minutes" actions={<LiveToggle live={live} onChange={setLive} />}>
      {realtime.error && !data ? (
        <p className="field__error">{errorMessage(realtime.error, 'Failed to fetch analytics', { orStatus: true })}</p>
      ) : !data ? (
        <p className="muted text-sm">Loading...</p>
      ) : (
        <div className="stack">
          <div className="pulse-figure">
            <span className="pulse-figure__value" data-testid="clicks-per-minute">
              {formatNumber(data.clicksPerMinute)}
            </span>
            <span className="pulse-figure__caption">clicks / minute</span>
          </div>
          <div className="admin-grid">
            <div>
              <h3 className="panel-heading">Latest clicks</h3>
              {data.latestClicks.length === 0 ? (
                <p className="muted text-sm">No clicks in the last 5 minutes</p>
              ) : (
                <ul className="feed">
                  {data.latestClicks.map((click) => (
                    <li key={click.id} className="feed__item">
                      <span className="flag" title={countryName(click.country)} aria-hidden="true">
                        {countryFlag(click.country)}
                      </span>
                      <span className="feed__main">
                        <span className="truncate">{click.link_title || `/${click.short_code}`}</span>
                        <span className="cell-sub truncate">
                          /{click.short_code} · {deviceLabel(click.device_type)}
                          {click.browser ? ` · ${click.browser}` : ''}
                        </span>
                      </span>
                      <span className="feed__meta">{formatTimeAgo(click.created_at)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div>
              <h3 className="panel-heading">Active links</h3>
              {data.activeLinks.length === 0 ? (
                <p className="muted text-sm">No active links</p>
              ) : (
                <ul className="feed">
                  {data.activeLinks.map((link) => (
                    <li key={link.id} className="feed__item">
                      <span className="feed__main">
                        <span className="truncate">{link.title || `/${link.short_code}`}</span>
                        <span className="cell-sub">/{link.short_code}</span>
                      </span>
                      <span className="bar-list__value">{formatNumber(link.clicks)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        </div>
      )}
    </Card>
  );
}
