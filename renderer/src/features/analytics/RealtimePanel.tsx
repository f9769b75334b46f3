/** Real-Time Activity (docs/api.md#pages): every 5 s, clicks per minute, the 10 latest clicks, the 6 busiest links. */

import { useTranslation } from 'react-i18next';
import { useRealtime } from '../../api/analytics';
import { Flag } from '../../components/Flag';
import { countryName } from '../../format/countries';
import { formatTimeAgo } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { deviceLabel } from './deviceLabel';
import { Feed, LivePanel, useLiveToggle } from './LivePanel';

export function RealtimePanel() {
  const { t } = useTranslation();
  const toggle = useLiveToggle();
  const realtime = useRealtime(toggle.live);

  return (
    <LivePanel
      panel="realtime"
      toggle={toggle}
      load={realtime}
      figure={(data) => ({ value: data.clicksPerMinute, caption: t('analytics.live.clicksPerMinute') })}
    >
      {(data) => (
        <div className="admin-grid">
          <div>
            <h3 className="panel-heading">{t('analytics.live.latestClicks')}</h3>
            <Feed items={data.latestClicks} empty={t('analytics.live.noClicks5')}>
              {(click) => (
                <li key={click.id} className="feed__item">
                  <span title={countryName(click.country)}>
                    <Flag code={click.country} />
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
              )}
            </Feed>
          </div>
          <div>
            <h3 className="panel-heading">{t('analytics.live.activeLinks')}</h3>
            <Feed items={data.activeLinks} empty={t('analytics.live.noActiveLinks')}>
              {(link) => (
                <li key={link.id} className="feed__item">
                  <span className="feed__main">
                    <span className="truncate">{link.title || `/${link.short_code}`}</span>
                    <span className="cell-sub">/{link.short_code}</span>
                  </span>
                  <span className="bar-list__value">{formatNumber(link.clicks)}</span>
                </li>
              )}
            </Feed>
          </div>
        </div>
      )}
    </LivePanel>
  );
}
