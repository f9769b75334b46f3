/**
 * A click from a hub (docs/api.md#hub-clicks): it carries a token of the link's team's published hub
 * page rendered within the last hour (hubs/hubClickToken.ts). Such a click's referrer source is
 * `hub`. A `Referer` alone proves nothing: anyone can send one. Decided from memory (the directory
 * of published handles and one HMAC): the redirect path never waits on it, and a visit without a
 * token never gets here.
 */
import type { HubClickTokens } from './hubClickToken';
import type { HubDirectory } from './hubDirectory';

export const HUB_REFERRER = 'hub';

export interface HubClickServices {
  hubDirectory: Pick<HubDirectory, 'handleOf'>;
  hubTokens: Pick<HubClickTokens, 'verify'>;
}

/** `(token, link's team, now) → whether the click came from that team's hub`. */
export function hubClick(services: HubClickServices): (token: string, teamId: number | null, now: number) => boolean {
  const { hubDirectory, hubTokens } = services;
  return (token, teamId, now) => {
    if (token === '' || teamId === null) return false;
    const handle = hubDirectory.handleOf(teamId);
    return handle !== undefined && hubTokens.verify(token, handle, now);
  };
}
