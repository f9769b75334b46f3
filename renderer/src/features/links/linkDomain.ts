/**
 * Which domain a user's link goes on (docs/api.md#custom-domains): the default domain or the user's
 * verified custom domain. Pure; the form offers the choice only when there is one.
 */
import type { Link } from '../../../../redirector/contract';
import { i18next } from '../../i18n';

/** The domains a user's links may be shown on. */
export interface LinkDomains {
  /** How the default domain shows before '/{short_code}': PUBLIC_URL's host, with its port. */
  defaultHost: string;
  /** The user's custom domain once verified; null otherwise. */
  verified: string | null;
}

export interface LinkDomainChoice {
  /** What the body's `domain` says: null for the default domain. */
  domain: string | null;
  label: string;
}

/** The choices the form offers, or null when there is none to make (no verified domain). */
export function linkDomainChoices(domains: LinkDomains): LinkDomainChoice[] | null {
  if (domains.verified === null) return null;
  return [
    { domain: domains.verified, label: domains.verified },
    { domain: null, label: i18next.t('linkForm.fields.defaultDomain', { host: domains.defaultHost }) },
  ];
}

/**
 * The domain the form starts on: an edited link's own; a new link the verified domain, as the
 * server puts one without `domain` there. Undefined: nothing to choose, the body leaves `domain` out.
 */
export function initialLinkDomain(domains: LinkDomains, link: Link | null): string | null | undefined {
  if (domains.verified === null) return undefined;
  if (link === null) return domains.verified;
  // A link on a domain that is no longer the user's verified one keeps it unless moved by choice.
  return link.domain === null || link.domain === domains.verified ? link.domain : undefined;
}

/** The text before the short code input: 'go.ann.example/' or 'me.example:8080/'. */
export function shortCodePrefix(domains: LinkDomains, domain: string | null | undefined, link: Link | null): string {
  if (domain !== undefined) return `${domain ?? domains.defaultHost}/`;
  if (link?.domain) return `${link.domain}/`;
  return `${domains.defaultHost}/`;
}
