import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Link } from '../../../redirector/contract';
import { formatDateTime } from '../format/dates';
import { formatNumber } from '../format/numbers';
import { i18next } from '../i18n';
import { Badge } from './Badge';

/** Why it expired: its date, or its click limit used up. */
function expiredTitle(link: Link): string {
  if (link.expires_at && Date.parse(link.expires_at) <= Date.now())
    return i18next.t('components.badges.expiredAt', { when: formatDateTime(link.expires_at) });
  const count = link.max_clicks ?? 0;
  return i18next.t('components.badges.clicksUsed', { count, n: formatNumber(count) });
}

/**
 * The badges of the link options that are set: expiry, click limit, password, device and country
 * targets. A link past its expiry or out of clicks (the server's `expired`) is one "Expired" badge
 * instead of its expiry's and limit's (CONTRACT §18: not "Limit 3").
 */
export function optionBadges(link: Link, now = Date.now()): ReactNode[] {
  const t = i18next.t;
  const badges: ReactNode[] = [];
  if (link.expired) {
    badges.push(
      <span key="expired" title={expiredTitle(link)}>
        <Badge tone="danger">{t('components.badges.expired')}</Badge>
      </span>,
    );
  } else if (link.expires_at) {
    const past = Date.parse(link.expires_at) <= now;
    const when = formatDateTime(link.expires_at);
    badges.push(
      <span
        key="expires"
        title={past ? t('components.badges.expiredAt', { when }) : t('components.badges.expiresAt', { when })}
      >
        <Badge tone={past ? 'danger' : 'neutral'}>
          {past ? t('components.badges.expired') : t('components.badges.expires')}
        </Badge>
      </span>,
    );
  }
  if (link.max_clicks != null && !link.expired) {
    badges.push(
      <span
        key="limit"
        title={t('components.badges.limitTitle', { count: link.max_clicks, n: formatNumber(link.max_clicks) })}
      >
        <Badge>{t('components.badges.limit', { n: formatNumber(link.max_clicks) })}</Badge>
      </span>,
    );
  }
  if (link.has_password)
    badges.push(
      <Badge key="password" tone="warning">
        {t('components.badges.password')}
      </Badge>,
    );
  if (link.ios_url || link.android_url) {
    const devices = link.ios_url && link.android_url ? 'both' : link.ios_url ? 'ios' : 'android';
    badges.push(
      <span key="device" title={t(`components.badges.deviceTitle.${devices}`)}>
        <Badge tone="primary">{t('components.badges.device')}</Badge>
      </span>,
    );
  }
  const countries = Object.keys(link.geo_targets ?? {});
  if (countries.length > 0) {
    badges.push(
      <span key="geo-targets" title={t('components.badges.countriesTitle', { countries: countries.join(', ') })}>
        <Badge tone="info">{t('components.badges.countries', { n: formatNumber(countries.length) })}</Badge>
      </span>,
    );
  }
  return badges;
}

/**
 * TikTok, Geo and IG Exit badges (the admin list leaves IG Exit out), then the options' badges; a
 * dash (or nothing) when none is on.
 */
export function FeatureBadges({
  link,
  emptyDash = true,
  instagram = true,
}: {
  link: Link;
  emptyDash?: boolean;
  instagram?: boolean;
}) {
  const { t } = useTranslation();
  const showInstagram = instagram && link.enable_instagram_exit;
  const options = optionBadges(link);
  if (!link.enable_tiktok_bypass && !link.enable_country_redirect && !showInstagram && options.length === 0) {
    return emptyDash ? <span className="subtle">—</span> : null;
  }
  return (
    <span className="badge-list">
      {link.enable_tiktok_bypass ? <Badge tone="pink">TikTok</Badge> : null}
      {link.enable_country_redirect ? <Badge tone="info">{t('components.badges.geo')}</Badge> : null}
      {showInstagram ? <Badge tone="warning">{t('components.badges.igExit')}</Badge> : null}
      {options}
    </span>
  );
}
