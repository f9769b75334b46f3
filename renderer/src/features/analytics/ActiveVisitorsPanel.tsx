/** Active Visitors (docs/api.md#pages): every 3 s, the distinct visitors of the last 2 minutes. */

import { useTranslation } from 'react-i18next';
import { ACTIVE_VISITORS_INTERVAL_MS, useLiveVisitors } from '../../api/analytics';
import { Flag } from '../../components/Flag';
import { countryName } from '../../format/countries';
import { formatTimeAgo } from '../../format/dates';
import { Feed, LivePanel, useLiveToggle } from './LivePanel';

export const ACTIVE_WINDOW_MINUTES = 2;
const SHOWN = 6;

export function ActiveVisitorsPanel() {
  const { t } = useTranslation();
  const toggle = useLiveToggle();
  const active = useLiveVisitors(ACTIVE_WINDOW_MINUTES, toggle.live, ACTIVE_VISITORS_INTERVAL_MS);

  return (
    <LivePanel
      panel="activeVisitors"
      toggle={toggle}
      load={active}
      figure={(data) => ({
        value: data.totals.online,
        caption: t('analytics.live.visitorsOnline', { count: data.totals.online }),
      })}
    >
      {(data) => (
        <Feed items={data.visitors.slice(0, SHOWN)} empty={t('analytics.live.noActiveVisitors')}>
          {(visitor) => (
            <li key={visitor.ip} className="feed__item">
              <Flag code={visitor.country} />
              <span className="feed__main">
                <span className="truncate">
                  {visitor.city ? `${visitor.city}, ${countryName(visitor.country)}` : countryName(visitor.country)}
                </span>
                <span className="cell-sub truncate">
                  /{visitor.link.short_code} · {visitor.ip}
                </span>
              </span>
              <span className="feed__meta">{formatTimeAgo(visitor.lastSeen)}</span>
            </li>
          )}
        </Feed>
      )}
    </LivePanel>
  );
}
