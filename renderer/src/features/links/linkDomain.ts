/**
 * Which domain a user's link goes on (docs/api.md#custom-domains): the default domain or the user's
 * verified custom domain, of those the member (or key) may use (docs/api.md#roles). Pure; the form
 * offers the choice only when there is one.
 */
import { comparableHostName, type Link } from '../../../../redirector/contract';
import { usableLinkDomains } from '../../../../redirector/contract/teams';
import { i18next } from '../../i18n';

/** The domains a user's links may be shown on. */
export interface LinkDomains {
  /** How the default domain shows before '/{short_code}': PUBLIC_URL's host, with its port. */
  defaultHost: string;
  /** The user's custom domain once verified; null otherwise. */
  verified: string | null;
  /** The host names the member may put links on (`allowed_domains`); null or left out: all. */
  allowed?: readonly string[] | null;
}

/** The domains the form may offer, the verified one first (null: the default domain). */
function usable(domains: LinkDomains): (string | null)[] {
  const defaultDomain = comparableHostName(new URL(`http://${domains.defaultHost}`).hostname);
  return usableLinkDomains({ defaultDomain, verified: domains.verified, allowed: domains.allowed });
}

export interface LinkDomainChoice {
  /** What the body's `domain` says: null for the default domain. */
  domain: string | null;
  label: string;
}

/**
 * The choices the form offers, or null when there is none to make (no verified domain, or none the
 * member may use: the server's answer then says why).
 */
export function linkDomainChoices(domains: LinkDomains): LinkDomainChoice[] | null {
  const choices = usable(domains);
  if (domains.verified === null || choices.length === 0) return null;
  return choices.map((domain) => ({
    domain,
    label: domain ?? i18next.t('linkForm.fields.defaultDomain', { host: domains.defaultHost }),
  }));
}

/**
 * The domain the form starts on: an edited link's own; a new link the first it may use, the
 * verified domain as the server puts one without `domain` there. Undefined: nothing to choose, the
 * body leaves `domain` out.
 */
export function initialLinkDomain(domains: LinkDomains, link: Link | null): string | null | undefined {
  const choices = linkDomainChoices(domains);
  if (choices === null) return undefined;
  if (link === null) return choices[0]!.domain;
  // A link on a domain no longer offered (not verified now, or not the member's) keeps it unless moved by choice.
  return choices.some((choice) => choice.domain === link.domain) ? link.domain : undefined;
}

/** The text before the short code input: 'go.ann.example/' or 'me.example:8080/'. */
export function shortCodePrefix(domains: LinkDomains, domain: string | null | undefined, link: Link | null): string {
  if (domain !== undefined) return `${domain ?? domains.defaultHost}/`;
  if (link?.domain) return `${link.domain}/`;
  return `${domains.defaultHost}/`;
}
