/**
 * Links with their owners (docs/api.md#links). Every method takes the call's scope
 * (docs/api.md#scope-who-a-call-acts-for): a user reaches only their own links, and another user's
 * link is "not found" so its existence is not revealed. Every write
 * invalidates the short code in the redirect path's cache (which also remembers misses).
 */
import { auditActorOf } from '../audit/auditLog';
import { domainMissing, type Scope, teamIdOf } from '../auth/scope';
import type { AuditActor } from '../contract/audit';
import { defaultDomainOf } from '../contract/domains';
import type { BulkResult } from '../contract/linkBulk';
import type { Link } from '../contract/links';
import { invalidInput, notFoundRule, RuleError, taken } from '../ruleError';
import { UniqueViolation } from '../storage/errors';
import type { AfterWrite } from '../storage/executor';
import type { LinkChanges, LinkRecord } from '../storage/records';
import type { InsertOutcome, Store } from '../storage/store';
import { auditDeleted, auditUpdated } from './linkAudit';
import type { LinkCache } from './linkCache';
import { createSelfLinkCheck, createSelfLinkChecks } from './linkDestinations';
import { createLinkDomains, type DomainChoice, type LinkDomains, type VerifiedDomainOf } from './linkDomain';
import { toApiLink } from './linkPresenter';
import { createLinkReads, LINK_NOT_FOUND, type LinkReads, withCounts } from './linkReads';
import { type LinkChecks, rowProblems, SHORT_CODE_TAKEN } from './linkRowChecks';
import { changedBy, insertAll, passwordHashOf } from './linkRows';
import { moveLinksToTeam } from './linkTeamMove';
import { checkOptionAddresses, checkUpdatedOptions, type LinkFieldChanges, type NewLinkFields } from './linkValidation';
import { shortCodeProblem } from './shortCode';

export { EXPORT_BATCH, LINK_NOT_FOUND, type TaggedLink } from './linkReads';
export { SHORT_CODE_TAKEN } from './linkRowChecks';

export const SHORT_CODE_UNCHANGEABLE = "The short code can't be changed after the link is created";

export interface LinkService extends LinkReads {
  /**
   * Creates the links in one transaction, in order: each a Link or the reason it was refused
   * (a taken short code, a destination on this service, a domain not the owner's). RuleError 403
   * (nothing created) beyond the user's link limit. `inTransaction` runs in the inserts'
   * transaction with those answers (an import's step); when it throws, nothing is created.
   */
  createMany(
    owner: Scope,
    fields: readonly NewLinkFields[],
    inTransaction?: AfterWrite<readonly (Link | string)[]>,
  ): Promise<(Link | string)[]>;
  /**
   * What createMany would answer, without writing: each row's problem, or undefined for a row it
   * would create; RuleError 403 the same, `planned` links already counted (an import's dry run).
   */
  checkMany(owner: Scope, fields: readonly NewLinkFields[], planned?: number): Promise<(string | undefined)[]>;
  /** The domain a link of the owner's asking for `requested` goes on, or why not (docs/api.md#custom-domains). */
  domainFor(owner: Scope, requested: string | null | undefined): Promise<DomainChoice>;
  create(owner: Scope, fields: NewLinkFields): Promise<Link>;
  /** `tagsWere`: the tags `changes.tags` were worked out from (linkBulk.ts); TagsChangedMeanwhile when no longer the link's. */
  update(owner: Scope, id: number, changes: LinkFieldChanges, tagsWere?: readonly string[]): Promise<Link>;
  /** Deletes the link and its clicks. */
  delete(owner: Scope, id: number): Promise<void>;
  /** Moves the links to `target`'s team, in one transaction (docs/api.md#moving-links-to-another-team). */
  moveToTeam(
    source: Scope,
    target: Scope,
    ids: readonly number[],
    domain: string | null | undefined,
  ): Promise<BulkResult>;
}

const NO_COUNTS = { total_clicks: 0, unique_visitors: 0, blocked_visitors: 0, quota_used: 0 };

export interface LinkServiceDeps {
  store: Store;
  clock: () => number;
  linkCache: LinkCache;
  /** The most links one user may own (the administrator has no limit). */
  maxLinksPerUser: number;
  /** The host of PUBLIC_URL: no link may point there (nor at a user's verified custom domain). */
  ownHost: string;
  /** PUBLIC_URL, which short_url is built on. */
  publicUrl: string;
  /** The user's verified custom domain, or null (docs/api.md#custom-domains). */
  verifiedDomainOf: VerifiedDomainOf;
  /** Told of every link created, updated or deleted, and awaited before the call answers (webhooks, streams). */
  onChange?: (changes: readonly LinkChangeNotice[]) => Promise<void>;
  /** Awaited just before a link is deleted (its clicks go with it): events take its clicks first. */
  beforeDelete?: (link: { id: number; teamId: number | null }) => Promise<void>;
}

export interface LinkChangeNotice {
  action: 'created' | 'updated' | 'deleted';
  /** Who made the change, as events and the audit log name them (docs/api.md#events). */
  actor: AuditActor;
  /** The link's team (docs/api.md#teams); null: the administrator's. */
  teamId: number | null;
  link: Link;
}

/**
 * The domain an update moves the link to, undefined when it stays (docs/api.md#custom-domains);
 * RuleError 409 when the owner has its code on another domain than the new one.
 */
async function movedDomain(
  store: Store,
  domains: LinkDomains,
  existing: LinkRecord,
  requested: string | null | undefined,
): Promise<string | null | undefined> {
  if (requested === undefined) return undefined;
  const domain = await domains.domainOrThrow(existing.team_id, requested);
  if (domain === existing.domain) return undefined;
  if (existing.team_id !== null && (await store.links.ownerCodeElsewhere(existing, domain))) {
    throw taken(SHORT_CODE_TAKEN);
  }
  return domain;
}

/** The acting user's name, which a link they just made shows (docs/api.md#links-of-a-team). */
const namesOf = (scope: Scope) => new Map(scope.actor.id === null ? [] : [[scope.actor.id, scope.actor.name]]);

/** Tells `onChange` of the links changed, when there are any. */
async function notifyChange(
  deps: LinkServiceDeps,
  scope: Scope,
  action: LinkChangeNotice['action'],
  links: readonly Link[],
) {
  const actor = auditActorOf(scope);
  if (deps.onChange && links.length > 0)
    await deps.onChange(links.map((link) => ({ action, actor, teamId: link.team_id, link })));
}

/** 403 when the member may not put links on the domain (docs/api.md#roles); null: PUBLIC_URL's host. */
function checkDomainOf(publicUrl: string, scope: Scope, domain: string | null | undefined): void {
  const missing = domainMissing(scope, domain ?? defaultDomainOf(publicUrl));
  if (missing !== undefined) throw new RuleError(403, missing);
}

/** LinkService.createMany: the rows checked, the good ones inserted, every row's answer in order. */
async function createManyLinks(
  deps: LinkServiceDeps,
  checks: LinkChecks,
  owner: Scope,
  requested: readonly NewLinkFields[],
  inTransaction?: AfterWrite<readonly (Link | string)[]>,
): Promise<(Link | string)[]> {
  const { fields, problems, good } = await rowProblems({ ...deps, ...checks }, owner, requested);
  const answersOf = (stored: readonly InsertOutcome[]) => {
    const outcomes = stored.values();
    return fields.map((field, index) => {
      const problem = problems[index];
      if (problem !== undefined) return problem;
      const outcome = outcomes.next().value!;
      if (outcome === 'taken') return SHORT_CODE_TAKEN;
      return toApiLink({ ...outcome, ...NO_COUNTS, tags: field.tags }, deps.publicUrl, Date.now(), namesOf(owner));
    });
  };
  const afterInsert: AfterWrite<readonly InsertOutcome[]> | undefined =
    inTransaction && ((tx, stored) => inTransaction(tx, answersOf(stored)));
  const answers = answersOf(await insertAll(deps, owner, good, afterInsert));
  await notifyChange(
    deps,
    owner,
    'created',
    answers.filter((answer): answer is Link => typeof answer !== 'string'),
  );
  return answers;
}

export function createLinkService(deps: LinkServiceDeps): LinkService {
  const { store, linkCache, publicUrl } = deps;
  const selfLinkProblem = createSelfLinkCheck(deps.ownHost, store.users);
  const checks: LinkChecks = {
    domains: createLinkDomains(deps.verifiedDomainOf),
    selfLinkProblems: createSelfLinkChecks(deps.ownHost, store.users),
  };
  const { domainOrThrow } = checks.domains;
  const notify = (scope: Scope, action: LinkChangeNotice['action'], links: readonly Link[]) =>
    notifyChange(deps, scope, action, links);

  async function checkDestinations(fields: LinkFieldChanges): Promise<void> {
    const problem = await selfLinkProblem(fields);
    if (problem) throw invalidInput(problem);
  }

  const reads = createLinkReads(store, publicUrl);
  const checkDomainAllowed = (scope: Scope, domain: string | null | undefined) =>
    checkDomainOf(publicUrl, scope, domain);
  const { findOwned } = reads;

  return {
    ...reads,

    createMany: (owner, requested, inTransaction) => createManyLinks(deps, checks, owner, requested, inTransaction),
    domainFor: (owner, requested) => checks.domains.domainFor(teamIdOf(owner), requested),
    checkMany: async (owner, requested, planned) =>
      (await rowProblems({ ...deps, ...checks }, owner, requested, planned)).problems,

    moveToTeam: (source, target, ids, domain) =>
      moveLinksToTeam(
        { ...deps, findOwned, notify: (scope, links) => notify(scope, 'updated', links) },
        source,
        target,
        ids,
        domain,
      ),

    async create(owner, fields) {
      checkOptionAddresses(fields);
      if (fields.short_code !== undefined) {
        const problem = shortCodeProblem(fields.short_code);
        if (problem) throw invalidInput(problem);
      }
      await checkDestinations(fields);
      const domain = await domainOrThrow(teamIdOf(owner), fields.domain);
      checkDomainAllowed(owner, domain);
      const [outcome] = await insertAll(deps, owner, [{ ...fields, domain }]);
      if (outcome === 'taken' || outcome === undefined) {
        if (fields.short_code !== undefined) throw taken(SHORT_CODE_TAKEN);
        throw new Error('no free random short code');
      }
      const link = toApiLink({ ...outcome, ...NO_COUNTS, tags: fields.tags }, publicUrl, Date.now(), namesOf(owner));
      await notify(owner, 'created', [link]);
      return link;
    },

    async update(owner, id, changes, tagsWere) {
      const existing = await findOwned(owner, id);
      if (changes.short_code !== undefined && changes.short_code !== existing.short_code) {
        throw invalidInput(SHORT_CODE_UNCHANGEABLE);
      }
      const { short_code: _unchanged, tags, password, domain: requested, ...fields } = changes;
      checkUpdatedOptions(existing, fields);
      await checkDestinations(fields);
      const moved = await movedDomain(store, checks.domains, existing, requested);
      if (moved !== undefined) checkDomainAllowed(owner, moved);
      const columns: LinkChanges = {
        ...fields,
        password_hash: await passwordHashOf(password),
        ...(moved === undefined ? {} : { domain: moved }),
        ...changedBy(owner),
      };
      linkCache.invalidate(existing.short_code);
      const afterWrite = auditUpdated(owner, deps.clock(), existing, tags);
      const updated = await store.links.update(id, columns, { tags, tagsWere, afterWrite }).catch((error: unknown) => {
        // Moved onto a domain where another link has its code.
        if (error instanceof UniqueViolation) throw taken(SHORT_CODE_TAKEN);
        throw error;
      });
      // Again after the write: a redirect may have cached the old row while the update was under way.
      linkCache.invalidate(existing.short_code);
      if (!updated) throw notFoundRule(LINK_NOT_FOUND);
      const link = await withCounts(store, { ...updated, tags: tags ?? existing.tags }, publicUrl);
      await notify(owner, 'updated', [link]);
      return link;
    },

    async delete(owner, id) {
      const existing = await findOwned(owner, id);
      const link = deps.onChange ? await withCounts(store, existing, publicUrl) : undefined;
      linkCache.invalidate(existing.short_code);
      await deps.beforeDelete?.({ id, teamId: existing.team_id });
      await store.links.delete(id, auditDeleted(owner, deps.clock(), existing));
      linkCache.invalidate(existing.short_code);
      if (link) await notify(owner, 'deleted', [link]);
    },
  };
}
