/** An API link as the renderer receives it, changed by `changes`. */
import type { Link } from '../../../redirector/contract';

export function apiLink(changes: Partial<Link> = {}): Link {
  return {
    id: 7,
    user_id: 1,
    title: '',
    target_url: 'https://example.com/',
    short_code: 'abc',
    clicks: 0,
    total_clicks: 0,
    unique_visitors: 0,
    blocked_visitors: 0,
    created_at: '2025-01-05T12:00:00.000Z',
    enable_tiktok_bypass: false,
    enable_country_redirect: false,
    country_redirect_url: null,
    enable_instagram_exit: false,
    instagram_exit_url: null,
    tags: [],
    forward_query: true,
    expires_at: null,
    max_clicks: null,
    expired_url: null,
    has_password: false,
    ios_url: null,
    android_url: null,
    geo_targets: {},
    ...changes,
  };
}

/** The option fields of a request body from a form with no option set. */
export const NO_OPTIONS_INPUT = {
  forward_query: true,
  expires_at: null,
  max_clicks: null,
  expired_url: null,
  ios_url: null,
  android_url: null,
  geo_targets: {},
};
