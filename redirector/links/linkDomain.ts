/**
 * The domain a link goes on (docs/api.md#custom-domains): the default domain, or its team's
 * verified custom domain; left out, the team's verified domain if there is one. The administrator's
 * own links (no team) live on the default domain. A short code is unique within its domain, and a code
 * on one of an owner's domains is taken on the owner's others.
 */

import type { Scope } from '../auth/scope';
import { invalidInput } from '../ruleError';
import type { Store } from '../storage/store';
import { DOMAIN_NOT_YOURS, type NewLinkFields } from './linkValidation';

/** The domain (null: the default domain), or why the requested one is refused. */
export type DomainChoice = { domain: string | null } | { problem: string };

/** The team's verified custom domain, or null (docs/api.md#domains-and-hubs-of-a-team). */
export type VerifiedDomainOf = (teamId: number) => Promise<string | null>;

export interface LinkDomains {
  /** The domain a link of team `teamId` (null: the administrator's own) asking for `requested` goes on. */
  domainFor(teamId: number | null, requested: string | null | undefined): Promise<DomainChoice>;
  /** The same; RuleError 400 when the domain is refused. */
  domainOrThrow(teamId: number | null, requested: string | null | undefined): Promise<string | null>;
}

export function createLinkDomains(verifiedDomainOf: VerifiedDomainOf): LinkDomains {
  async function domainFor(teamId: number | null, requested: string | null | undefined): Promise<DomainChoice> {
    if (requested === null) return { domain: null };
    const verified = teamId === null ? null : await verifiedDomainOf(teamId);
    if (requested === undefined) return { domain: verified };
    return requested === verified ? { domain: verified } : { problem: DOMAIN_NOT_YOURS };
  }

  return {
    domainFor,
    async domainOrThrow(teamId, requested) {
      const outcome = await domainFor(teamId, requested);
      if ('problem' in outcome) throw invalidInput(outcome.problem);
      return outcome.domain;
    },
  };
}

/**
 * Whether each row's short code is taken where the row goes (undefined rows, refused already, are
 * not looked at): a query per 1,024 codes per domain, and an import has two domains at most (the
 * default and the owner's verified one).
 */
export async function takenWhereTheyGo(
  store: Store,
  scope: Scope,
  fields: readonly (NewLinkFields | undefined)[],
): Promise<boolean[]> {
  const codesByDomain = new Map<string | null, string[]>();
  for (const field of fields) {
    if (field?.short_code === undefined) continue;
    const domain = field.domain ?? null;
    const codes = codesByDomain.get(domain) ?? [];
    codes.push(field.short_code);
    codesByDomain.set(domain, codes);
  }
  const takenByDomain = new Map<string | null, Set<string>>();
  for (const [domain, codes] of codesByDomain) {
    takenByDomain.set(domain, await store.links.takenShortCodes(codes, { domain, scope }));
  }
  return fields.map(
    (field) => field?.short_code !== undefined && takenByDomain.get(field.domain ?? null)!.has(field.short_code),
  );
}
