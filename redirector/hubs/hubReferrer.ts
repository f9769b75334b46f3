/**
 * A click from a hub (docs/api.md#the-hub): its Referer is the link owner's published hub page,
 * at either address (PUBLIC_URL/@<handle>, or `/` of the owner's verified custom domain). Such a
 * click's referrer source is `hub`. Decided from memory: the redirect path never waits on it.
 */
import { hostNameOf } from '../contract/domains';
import type { HubDirectory } from './hubDirectory';

export const HUB_REFERRER = 'hub';

export interface HubReferrerServices {
  config: { publicUrl: string };
  hubDirectory: Pick<HubDirectory, 'ownerOf' | 'handleOf'>;
  domains: { ownerOf(host: string): number | undefined };
}

/** `(referer, link owner) → whether the click came from that owner's hub`. */
export function hubReferrer(
  services: HubReferrerServices,
): (referer: string | undefined, ownerId: number | null) => boolean {
  const defaultHost = hostNameOf(new URL(services.config.publicUrl).host);
  const { hubDirectory, domains } = services;
  return (referer, ownerId) => {
    if (!referer || ownerId === null) return false;
    let url: URL;
    try {
      url = new URL(referer);
    } catch {
      return false;
    }
    const host = hostNameOf(url.host);
    const path = url.pathname.replace(/\/$/, '');
    if (path === '') return domains.ownerOf(host) === ownerId && hubDirectory.handleOf(ownerId) !== undefined;
    if (host !== defaultHost || !path.startsWith('/@')) return false;
    return hubDirectory.ownerOf(path.slice(2).toLowerCase()) === ownerId;
  };
}
