/**
 * The short-link decision of CONTRACT §4, pure: a link and a visitor in, what to answer out.
 * "No such code" (rule 1) is the caller's: it has no link to pass.
 */
import type { LinkRecord } from '../storage/records';
import { isDevelopingCountry } from './developingCountries';
import type { InAppApp } from './inAppBrowser';

export type Resolution =
  | { kind: 'redirect'; location: string; blocked: boolean; instagram_exit: boolean }
  | { kind: 'tiktok-bypass'; target: string };

export interface ResolveVisitor {
  country: string;
  in_app: InAppApp | null;
}

export function resolveLink(link: LinkRecord, visitor: ResolveVisitor): Resolution {
  if (link.enable_country_redirect && link.country_redirect_url && isDevelopingCountry(visitor.country)) {
    return { kind: 'redirect', location: link.country_redirect_url, blocked: true, instagram_exit: false };
  }
  if (link.enable_instagram_exit && link.instagram_exit_url && visitor.in_app === 'instagram') {
    return { kind: 'redirect', location: link.instagram_exit_url, blocked: false, instagram_exit: true };
  }
  if (link.enable_tiktok_bypass && visitor.in_app === 'tiktok') {
    return { kind: 'tiktok-bypass', target: link.target_url };
  }
  return { kind: 'redirect', location: link.target_url, blocked: false, instagram_exit: false };
}
