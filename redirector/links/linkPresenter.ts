/** A stored link with its counts → the API's Link object (docs/api.md#links). */
import { shortUrlOf } from '../contract/domains';
import { type LinkHealth, UNCHECKED_HEALTH } from '../contract/linkConversion';
import { apiLinkOptions } from '../contract/linkFields';
import type { Link, LinkAuthor } from '../contract/links';
import type { LinkWithCounts } from '../storage/records';

/** A link with its counts and tags (sorted), and its health when read (else unchecked). */
export type PresentableLink = LinkWithCounts & { tags: readonly string[]; health?: LinkHealth };

/** The visit's own rule (visits/visitDecision.ts): from `expires_at` on, or once the limit's clicks are taken. */
function isExpired(link: PresentableLink, now: number): boolean {
  if (link.expires_at !== null && now >= link.expires_at) return true;
  return link.max_clicks !== null && link.quota_used >= link.max_clicks;
}

/** `publicUrl`: PUBLIC_URL, which the short address is built on; `now`: the moment `expired` is of. */
export function toApiLink(
  link: PresentableLink,
  publicUrl: string,
  now = Date.now(),
  names: ReadonlyMap<number, string> = new Map(),
): Link {
  const author = (id: number | null, key: string | null): LinkAuthor | null =>
    id === null ? null : { id: Number(id), name: key ?? names.get(Number(id)) ?? '' };
  return {
    id: link.id,
    user_id: link.user_id,
    team_id: link.team_id,
    created_by: author(link.created_by, link.created_by_key),
    updated_by: author(link.updated_by, link.updated_by_key),
    title: link.title,
    target_url: link.target_url,
    short_code: link.short_code,
    clicks: link.total_clicks,
    total_clicks: link.total_clicks,
    unique_visitors: link.unique_visitors,
    blocked_visitors: link.blocked_visitors,
    imported_clicks: Number(link.imported_clicks ?? 0),
    created_at: new Date(link.created_at).toISOString(),
    ...apiLinkOptions(link),
    tags: [...link.tags],
    // Never the hash itself.
    has_password: link.password_hash !== null,
    domain: link.domain,
    short_url: shortUrlOf(publicUrl, link.domain, link.short_code),
    health: { ...(link.health ?? UNCHECKED_HEALTH) },
    expired: isExpired(link, now),
  };
}
