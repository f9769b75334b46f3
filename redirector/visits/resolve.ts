/**
 * The short-link decision for a visit that gets through (docs/api.md#resolving-a-short-link, steps
 * 5 to 8), pure: a link and a visitor in, what to answer out. The steps before it (no such code,
 * a disabled owner, expiry, the password) are the handler's: they need the clock, the database or
 * the request.
 */
import type { DeviceType } from '../contract/clicks';
import type { LinkRecord } from '../storage/records';
import { isDevelopingCountry } from './developingCountries';
import type { InAppApp } from './inAppBrowser';

export type Resolution =
  | { kind: 'redirect'; location: string; blocked: boolean; instagram_exit: boolean }
  | { kind: 'tiktok-bypass'; target: string };

export interface ResolveVisitor {
  country: string;
  in_app: InAppApp | null;
  /** Absent: a desktop browser. */
  device_type?: DeviceType;
}

export type ResolvableLink = Pick<
  LinkRecord,
  | 'target_url'
  | 'enable_tiktok_bypass'
  | 'enable_country_redirect'
  | 'country_redirect_url'
  | 'enable_instagram_exit'
  | 'instagram_exit_url'
  | 'ios_url'
  | 'android_url'
  | 'geo_targets'
>;

const redirect = (location: string) => ({ kind: 'redirect', location, blocked: false, instagram_exit: false }) as const;

export function resolveLink(link: ResolvableLink, visitor: ResolveVisitor): Resolution {
  const countryTarget = link.geo_targets[visitor.country];
  // An own property only: a country code never names something on Object's prototype.
  if (countryTarget !== undefined && Object.hasOwn(link.geo_targets, visitor.country)) return redirect(countryTarget);
  if (link.enable_country_redirect && link.country_redirect_url && isDevelopingCountry(visitor.country)) {
    return { kind: 'redirect', location: link.country_redirect_url, blocked: true, instagram_exit: false };
  }
  if (link.enable_instagram_exit && link.instagram_exit_url && visitor.in_app === 'instagram') {
    return { kind: 'redirect', location: link.instagram_exit_url, blocked: false, instagram_exit: true };
  }
  const destination =
    (visitor.device_type === 'ios' ? link.ios_url : visitor.device_type === 'android' ? link.android_url : null) ??
    link.target_url;
  if (link.enable_tiktok_bypass && visitor.in_app === 'tiktok') return { kind: 'tiktok-bypass', target: destination };
  return redirect(destination);
}
