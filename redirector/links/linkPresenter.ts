/** A stored link with its counts → the API's Link object (docs/api.md#links). */
import type { Link } from '../contract/links';
import type { LinkWithCounts } from '../storage/records';

/** A link with its counts and tags (sorted). */
export type PresentableLink = LinkWithCounts & { tags: readonly string[] };

export function toApiLink(link: PresentableLink): Link {
  return {
    id: link.id,
    user_id: link.user_id,
    title: link.title,
    target_url: link.target_url,
    short_code: link.short_code,
    clicks: link.total_clicks,
    total_clicks: link.total_clicks,
    unique_visitors: link.unique_visitors,
    blocked_visitors: link.blocked_visitors,
    created_at: new Date(link.created_at).toISOString(),
    enable_tiktok_bypass: link.enable_tiktok_bypass,
    enable_country_redirect: link.enable_country_redirect,
    country_redirect_url: link.country_redirect_url,
    enable_instagram_exit: link.enable_instagram_exit,
    instagram_exit_url: link.instagram_exit_url,
    tags: [...link.tags],
    forward_query: link.forward_query,
    expires_at: link.expires_at === null ? null : new Date(link.expires_at).toISOString(),
    max_clicks: link.max_clicks,
    expired_url: link.expired_url,
    // Never the hash itself.
    has_password: link.password_hash !== null,
    ios_url: link.ios_url,
    android_url: link.android_url,
    geo_targets: { ...link.geo_targets },
  };
}
