/** Store records for fixture-loaded tests: a plain admin link and a human desktop click from the US. */

import type { LinkRecord, NewClick, NewLink } from '../../redirector/storage/records';
import { LINK_OPTION_DEFAULTS } from '../../redirector/storage/repositories/columns';
import { DEVICE, PLACE, UA } from './visitors';

export function newLink(changes: Partial<NewLink> = {}): NewLink {
  return {
    user_id: null,
    title: 'A link',
    target_url: 'https://example.com/',
    short_code: 'abc123',
    enable_tiktok_bypass: false,
    enable_country_redirect: false,
    country_redirect_url: null,
    enable_instagram_exit: false,
    instagram_exit_url: null,
    created_at: 1_700_000_000_000,
    domain: null,
    ...changes,
  };
}

/** A stored link with every option at its default, changed by `changes`. */
export function linkRecord(id: number, changes: Partial<LinkRecord> = {}): LinkRecord {
  return { id, ...LINK_OPTION_DEFAULTS, ...newLink(), ...changes };
}

/** A human click on a desktop browser from the US, changed by `changes`. */
export function newClick(linkId: number, clickedAt: number, changes: Partial<NewClick> = {}): NewClick {
  return {
    link_id: linkId,
    clicked_at: clickedAt,
    ip_address: '198.51.100.1',
    country: 'US',
    city: 'Ashburn',
    ...DEVICE.desktopChrome,
    referrer_source: null,
    instagram_exit: false,
    blocked: false,
    is_bot: false,
    user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0.0.0',
    // No split traffic: a click stores no variant.
    variant: null,
    // Made by a visit, not brought in by an import (docs/api.md#imports).
    imported: false,
    // Sent by no redirect rule (docs/api.md#redirect-rules).
    rule: null,
    ...changes,
  };
}

/** The user agents of UA that DEVICE says how the parser reads. */
export type KnownAgent = keyof typeof DEVICE & keyof typeof UA;

/** The click a visit from an address of PLACE with a user agent of UA stores, changed by `changes`. */
export function visitClick(
  linkId: number,
  clickedAt: number,
  place: keyof typeof PLACE,
  agent: KnownAgent,
  changes: Partial<NewClick> = {},
): NewClick {
  return newClick(linkId, clickedAt, { ...PLACE[place], ...DEVICE[agent], user_agent: UA[agent], ...changes });
}

/** A link's counts as store.links.counts answers them, `quota_used` 0 unless given. */
export function linkCounts(total: number, unique: number, blocked: number, quotaUsed = 0) {
  return { total_clicks: total, unique_visitors: unique, blocked_visitors: blocked, quota_used: quotaUsed };
}
