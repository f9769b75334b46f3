/**
 * A click from a hub (docs/api.md#hub-clicks): it carries a token of the link's team's published hub
 * page rendered within the last hour (hubs/hubClickToken.ts), and the link is an item that page
 * shows at the moment of the click (visible, between its start and its end). Such a click's
 * referrer source is `hub`; any other stays an ordinary click of its link. A `Referer` alone proves
 * nothing: anyone can send one, and a token names the page, not the link, so a hidden or unscheduled
 * item's link clicked with it does not count. Decided from memory (the directory of published
 * handles and their shown links, and one HMAC): the redirect path never waits on it, and a visit
 * without a token never gets here.
 */
import type { HubClickTokens } from './hubClickToken';
import type { HubDirectory } from './hubDirectory';

export const HUB_REFERRER = 'hub';

export interface HubClickServices {
  hubDirectory: Pick<HubDirectory, 'handleOf' | 'showsLink'>;
  hubTokens: Pick<HubClickTokens, 'verify'>;
}

/** `(token, the clicked link, now) → whether the click came from its team's hub`. */
export function hubClick(
  services: HubClickServices,
): (token: string, link: { id: number; team_id: number | null }, now: number) => boolean {
  const { hubDirectory, hubTokens } = services;
  return (token, link, now) => {
    if (token === '' || link.team_id === null) return false;
    const handle = hubDirectory.handleOf(link.team_id);
    return (
      handle !== undefined && hubDirectory.showsLink(link.team_id, link.id, now) && hubTokens.verify(token, handle, now)
    );
  };
}
