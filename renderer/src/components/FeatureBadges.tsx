import type { ReactNode } from 'react';
import type { Link } from '../../../redirector/contract';
import { formatDateTime } from '../format/dates';
import { formatNumber } from '../format/numbers';
import { Badge } from './Badge';

/** Why it expired: its date, or its click limit used up. */
function expiredTitle(link: Link): string {
  if (link.expires_at && Date.parse(link.expires_at) <= Date.now()) return `Expired ${formatDateTime(link.expires_at)}`;
  return `All ${formatNumber(link.max_clicks ?? 0)} clicks used`;
}

/**
 * The badges of the link options that are set: expiry, click limit, password, device and country
 * targets. A link past its expiry or out of clicks (the server's `expired`) is one "Expired" badge
 * instead of its expiry's and limit's (CONTRACT §18: not "Limit 3").
 */
export function optionBadges(link: Link, now = Date.now()): ReactNode[] {
  const badges: ReactNode[] = [];
  if (link.expired) {
    badges.push(
      <span key="expired" title={expiredTitle(link)}>
        <Badge tone="danger">Expired</Badge>
      </span>,
    );
  } else if (link.expires_at) {
    const past = Date.parse(link.expires_at) <= now;
    badges.push(
      <span key="expires" title={`${past ? 'Expired' : 'Expires'} ${formatDateTime(link.expires_at)}`}>
        <Badge tone={past ? 'danger' : 'neutral'}>{past ? 'Expired' : 'Expires'}</Badge>
      </span>,
    );
  }
  if (link.max_clicks != null && !link.expired) {
    badges.push(
      <span key="limit" title={`Expires after ${formatNumber(link.max_clicks)} clicks`}>
        <Badge>Limit {formatNumber(link.max_clicks)}</Badge>
      </span>,
    );
  }
  if (link.has_password)
    badges.push(
      <Badge key="password" tone="warning">
        Password
      </Badge>,
    );
  if (link.ios_url || link.android_url) {
    const devices = [link.ios_url && 'iOS', link.android_url && 'Android'].filter(Boolean).join(' and ');
    badges.push(
      <span key="device" title={`${devices} visitors go to their own address`}>
        <Badge tone="primary">Device</Badge>
      </span>,
    );
  }
  const countries = Object.keys(link.geo_targets ?? {});
  if (countries.length > 0) {
    badges.push(
      <span key="geo-targets" title={`Country targets: ${countries.join(', ')}`}>
        <Badge tone="info">Countries {countries.length}</Badge>
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
  const showInstagram = instagram && link.enable_instagram_exit;
  const options = optionBadges(link);
  if (!link.enable_tiktok_bypass && !link.enable_country_redirect && !showInstagram && options.length === 0) {
    return emptyDash ? <span className="subtle">—</span> : null;
  }
  return (
    <span className="badge-list">
      {link.enable_tiktok_bypass ? <Badge tone="pink">TikTok</Badge> : null}
      {link.enable_country_redirect ? <Badge tone="info">Geo</Badge> : null}
      {showInstagram ? <Badge tone="warning">IG Exit</Badge> : null}
      {options}
    </span>
  );
}
