/**
 * A link may not send visitors back into this service (docs/api.md#links): every destination's
 * host is compared with the host of PUBLIC_URL and with every user's custom domain, whatever the
 * port, case or final dot (contract/domains' comparableHostName), so that no chain of short links can loop.
 */
import { comparableHostName, destinationHosts } from '../contract/domains';
import { SELF_LINK } from '../contract/linkOptions';
import type { UserRepository } from '../storage/store';
import type { LinkFieldChanges } from './linkValidation';

export { SELF_LINK };

/** The addresses among `fields` that a visit may be sent to. */
export function destinationsOf(fields: LinkFieldChanges): string[] {
  const addresses = [
    fields.target_url,
    fields.country_redirect_url,
    fields.instagram_exit_url,
    fields.expired_url,
    fields.ios_url,
    fields.android_url,
    ...Object.values(fields.geo_targets ?? {}),
    ...(fields.variants ?? []).map((variant) => variant.url),
    ...(fields.rules ?? []).map((rule) => rule.url),
  ];
  return addresses.filter((address): address is string => typeof address === 'string');
}

/** SELF_LINK when one of the destinations among `fields` is on this service's hosts; else undefined. */
export type SelfLinkCheck = (fields: LinkFieldChanges) => Promise<string | undefined>;
/** The same for many links at once (imports), in a query per 1,024 distinct hosts, not one per host per link. */
export type SelfLinkChecks = (fieldsList: readonly LinkFieldChanges[]) => Promise<(string | undefined)[]>;

type DomainLookup = Pick<UserRepository, 'customDomainsAmong'>;

export function createSelfLinkChecks(ownHost: string, users: DomainLookup): SelfLinkChecks {
  const own = comparableHostName(ownHost);
  return async (fieldsList) => {
    const hostLists = fieldsList.map((fields) => new Set(destinationHosts(destinationsOf(fields))));
    const others = new Set(hostLists.flatMap((hosts) => [...hosts]));
    others.delete(own);
    const customDomains = await users.customDomainsAmong([...others]);
    return hostLists.map((hosts) =>
      [...hosts].some((host) => host === own || customDomains.has(host)) ? SELF_LINK : undefined,
    );
  };
}

export function createSelfLinkCheck(ownHost: string, users: DomainLookup): SelfLinkCheck {
  const checks = createSelfLinkChecks(ownHost, users);
  return async (fields) => (await checks([fields]))[0];
}
