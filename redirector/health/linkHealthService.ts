/**
 * Link health as the API offers it (docs/api.md#link-health): the counts of the caller's links per
 * status, and a check asked for now (one a minute per link, whoever asks; automatic checks do not count).
 */

import type { Scope } from '../auth/scope';
import { CHECK_TOO_SOON, type LinkHealthCounts } from '../contract/linkConversion';
import type { Link } from '../contract/links';
import type { LinkService } from '../links/linkService';
import { RuleError } from '../ruleError';
import type { Store } from '../storage/store';
import type { LinkChecks } from './linkChecks';

export const CHECK_INTERVAL_MS = 60_000;

export interface LinkHealthService {
  counts(owner: Scope): Promise<LinkHealthCounts>;
  /** Checks the link now and answers it; RuleError 429 within a minute of the last asked check, 404 when not the owner's. */
  checkNow(owner: Scope, linkId: number): Promise<Link>;
}

export function createLinkHealthService(deps: {
  store: Pick<Store, 'linkHealth'>;
  links: Pick<LinkService, 'findOwned' | 'get'>;
  checks: LinkChecks;
  clock: () => number;
}): LinkHealthService {
  const { store, links, checks, clock } = deps;
  return {
    async counts(owner) {
      const found = await store.linkHealth.counts(owner);
      return {
        ok: found.ok ?? 0,
        broken: found.broken ?? 0,
        unchecked: found.unchecked ?? 0,
        skipped: found.skipped ?? 0,
      };
    },
    async checkNow(owner, linkId) {
      await links.findOwned(owner, linkId);
      const now = clock();
      if (!(await store.linkHealth.ask(linkId, now, now - CHECK_INTERVAL_MS))) throw new RuleError(429, CHECK_TOO_SOON);
      // When another check holds the link, its result is the answer's.
      await checks.check(linkId);
      return links.get(owner, linkId);
    },
  };
}
