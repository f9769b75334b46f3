/**
 * The rules a batch of new links is checked by before any insert (docs/api.md#links), the same for
 * the links it creates and for an import's dry run that creates none: each row's domain chosen,
 * and its first problem (a domain not the owner's or not the member's, a short code taken where
 * the row goes, a destination on this service); RuleError 403 beyond the user's link limit.
 */
import { domainMissing, type Scope, teamIdOf } from '../auth/scope';
import { defaultDomainOf } from '../contract/domains';
import type { Store } from '../storage/store';
import type { createSelfLinkChecks } from './linkDestinations';
import { type LinkDomains, takenWhereTheyGo } from './linkDomain';
import { checkRoom } from './linkRows';
import type { NewLinkFields } from './linkValidation';

export const SHORT_CODE_TAKEN = 'This short code is already taken';

export interface LinkChecks {
  domains: LinkDomains;
  selfLinkProblems: ReturnType<typeof createSelfLinkChecks>;
}

interface RowCheckDeps extends LinkChecks {
  store: Store;
  maxLinksPerUser: number;
  publicUrl: string;
}

/**
 * The rows with their domains chosen (docs/api.md#custom-domains), and each row's first problem:
 * a domain not the owner's, a short code taken where the row goes, a destination on this service.
 * The codes and hosts in a query per 1,024 of them, before any insert (docs/api.md#import-and-export).
 */
async function checkRows(
  { store, domains, selfLinkProblems }: RowCheckDeps,
  owner: Scope,
  requested: readonly NewLinkFields[],
): Promise<{ fields: NewLinkFields[]; problems: (string | undefined)[] }> {
  const teamId = teamIdOf(owner);
  const choices = await Promise.all(requested.map((field) => domains.domainFor(teamId, field.domain)));
  const resolved = requested.map((field, index) => {
    const choice = choices[index]!;
    return 'problem' in choice ? undefined : { ...field, domain: choice.domain };
  });
  const takenCodes = await takenWhereTheyGo(store, owner, resolved);
  const hostProblems = await selfLinkProblems(requested);
  const problems = requested.map((_, index) => {
    const choice = choices[index]!;
    if ('problem' in choice) return choice.problem;
    return takenCodes[index] ? SHORT_CODE_TAKEN : hostProblems[index];
  });
  return { fields: requested.map((field, index) => resolved[index] ?? field), problems };
}

/**
 * Every row's problem, and the good rows to insert; RuleError 403 when they would take the user
 * beyond the link limit, `planned` links (an import's dry run's earlier parts) counted with them.
 */
export async function rowProblems(deps: RowCheckDeps, owner: Scope, requested: readonly NewLinkFields[], planned = 0) {
  const { fields, problems } = await checkRows(deps, owner, requested);
  // A row on a domain the member or key may not use is a bad row, reported like the others, not a
  // 403 for the whole import (docs/api.md#post-apilinksimport-administrator-and-post-apilinksuserimport-user).
  fields.forEach((field, index) => {
    problems[index] ??= domainMissing(owner, field.domain ?? defaultDomainOf(deps.publicUrl));
  });
  const good = fields.filter((_, index) => problems[index] === undefined);
  if (owner.owner.kind !== 'admin') await checkRoom(deps.store, deps.maxLinksPerUser, owner, good, planned);
  return { fields, problems, good };
}
