/**
 * Routing by host (docs/api.md#custom-domains), pure: the request's host picks the code space. A
 * verified custom domain answers its owner's short links and nothing else: `/<code>` is a short
 * link there, `/` is its owner's hub page (or sends the visitor to PUBLIC_URL), every other path is the 404 page (no /api, no
 * UI, no /metrics). Any other host (the default domain, an address, localhost, an unverified
 * domain) is the default domain, whose short links have no domain.
 */
import { hostNameOf } from '../contract/domains';

export type HostRoute =
  /** Not a short link of the default domain: /api, the UI and the rest (Koa's). */
  | { kind: 'elsewhere' }
  /** A short link on the default domain: the link with that code and no domain. */
  | { kind: 'default-link'; shortCode: string }
  /** A short link on a verified custom domain: the domain's own code, else its team's default-domain one. */
  | { kind: 'short-link'; domain: string; teamId: number; shortCode: string }
  /** `/` of a verified custom domain: its team's hub page, or the redirect to PUBLIC_URL. */
  | { kind: 'home'; domain?: string; teamId?: number }
  | { kind: 'not-found' };

export interface HostRequest {
  /** Host, or with TRUST_PROXY=1 the X-Forwarded-Host the proxy set. */
  host: string | undefined;
  method: string | undefined;
  url: string | undefined;
}

const ELSEWHERE: HostRoute = { kind: 'elsewhere' };
const NOT_FOUND: HostRoute = { kind: 'not-found' };

/**
 * `shortCodeOf`: the short code a request asks for, as the default domain reads it (undefined for
 * any other request); `ownerOf`: the team whose verified domain a host name is (docs/api.md#domains-and-hubs-of-a-team).
 */
export function routeByHost(
  request: HostRequest,
  shortCodeOf: (method: string | undefined, url: string | undefined) => string | undefined,
  ownerOf: (host: string) => number | undefined,
): HostRoute {
  const domain = hostNameOf(request.host);
  const teamId = domain === '' ? undefined : ownerOf(domain);
  const shortCode = shortCodeOf(request.method, request.url);
  if (teamId === undefined) return shortCode === undefined ? ELSEWHERE : { kind: 'default-link', shortCode };
  if (shortCode !== undefined) return { kind: 'short-link', domain, teamId, shortCode };
  const path = (request.url ?? '/').split('?')[0];
  return path === '/' && (request.method === 'GET' || request.method === 'HEAD')
    ? { kind: 'home', domain, teamId }
    : NOT_FOUND;
}

/** The host a request names: Host, or the rightmost X-Forwarded-Host (the one the proxy set) when trusted. */
export function requestHost(
  headers: Record<string, string | string[] | undefined>,
  trustProxy: boolean,
): string | undefined {
  if (trustProxy) {
    const forwarded = headers['x-forwarded-host'];
    const value = Array.isArray(forwarded) ? forwarded[forwarded.length - 1] : forwarded;
    const last = value?.split(',').pop()?.trim();
    if (last) return last;
  }
  const host = headers.host;
  return Array.isArray(host) ? host[0] : host;
}
