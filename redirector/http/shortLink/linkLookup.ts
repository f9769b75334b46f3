/**
 * The link a short-link request names, by host (docs/api.md#custom-domains): on the default domain
 * the link with that code and no domain; on a verified custom domain the domain's own link, else
 * its team's default-domain link (shared before the domain existed). From the link cache without
 * waiting when it holds the answer, so a cached link is still answered in one synchronous pass.
 */
import type { LinkCache } from '../../links/linkCache';
import type { RedirectLink } from '../../storage/records';
import type { HostRoute } from '../../visits/hostRoute';

/** A link at hand, or one on its way from the database. */
export type FoundLink = RedirectLink | undefined | Promise<RedirectLink | undefined>;

type DomainRoute = Extract<HostRoute, { kind: 'short-link' }>;

export function createLinkLookup(linkCache: LinkCache) {
  return {
    onDefault(shortCode: string): FoundLink {
      const cached = linkCache.peek(shortCode);
      return cached !== undefined ? (cached ?? undefined) : linkCache.get(shortCode);
    },
    onDomain(route: DomainRoute): FoundLink {
      const own = linkCache.peek(route.shortCode, route.domain);
      // The domain's own link, cached: the common case, without allocating anything.
      if (own) return own;
      return onDomainMiss(route, own);
    },
  };

  /** Not cached as the domain's own: a known miss falls back to the team's default-domain link. */
  function onDomainMiss(route: DomainRoute, own: RedirectLink | null | undefined): FoundLink {
    const ownersOnly = (link: RedirectLink | null | undefined) => (link?.team_id === route.teamId ? link : undefined);
    if (own === null) {
      const shared = linkCache.peek(route.shortCode);
      if (shared !== undefined) return ownersOnly(shared);
    }
    return (async () =>
      (await linkCache.get(route.shortCode, route.domain)) ?? ownersOnly(await linkCache.get(route.shortCode)))();
  }
}

/** Runs `then` with the link: at once when it is at hand. */
export function whenFound(
  found: FoundLink,
  then: (link: RedirectLink | undefined) => void,
  failed: (error: unknown) => void,
) {
  if (found instanceof Promise) found.then(then, failed);
  else then(found);
}
