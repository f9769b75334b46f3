/**
 * Links moved to another team (docs/api.md#moving-links-to-another-team): the bulk call's `move`
 * with `team`. Each link is checked as a single change would be, in both teams: the caller reaches
 * it in the team it leaves (its role, own-links-only), may use its domain there and in the target
 * team (the memberships' `domains`), and in the target team may keep it (own-links-only: only
 * links they created) on a domain that team has (a custom domain it does not have refuses the
 * link, unless `domain` moves it), with a code that team holds on no other domain, within the
 * target's link limit. The links that pass all move in one transaction with their audit entries
 * (one in each team) — all or none — and then send one event each.
 */
import { domainMissing, type Scope } from '../auth/scope';
import { defaultDomainOf } from '../contract/domains';
import type { BulkResult } from '../contract/linkBulk';
import { moveDomainNotInTeam } from '../contract/linkBulk';
import type { Link } from '../contract/links';
import { linkLimitMessage } from '../contract/lists';
import { OWN_LINKS_ONLY_MISSING } from '../contract/teams';
import { RuleError, taken } from '../ruleError';
import { LinkLimitReached, UniqueViolation, WRITE_COLLIDED } from '../storage/errors';
import type { LinkRecord } from '../storage/records';
import type { Store } from '../storage/store';
import { auditMoved } from './linkAudit';
import type { LinkCache } from './linkCache';
import type { VerifiedDomainOf } from './linkDomain';
import { type TaggedLink, withCounts } from './linkReads';
import { changedBy } from './linkRows';
import { DOMAIN_NOT_YOURS } from './linkValidation';

/** linkService's SHORT_CODE_TAKEN (imported from there, it would be a cycle). */
const CODE_TAKEN = 'This short code is already taken';

export interface TeamMoveDeps {
  store: Store;
  clock: () => number;
  linkCache: LinkCache;
  maxLinksPerUser: number;
  publicUrl: string;
  verifiedDomainOf: VerifiedDomainOf;
  findOwned: (scope: Scope, id: number) => Promise<TaggedLink>;
  notify: (scope: Scope, links: readonly Link[]) => Promise<void>;
}

/** What the checks of one call share: both scopes, the target's domain and what is accepted so far. */
interface MoveCheck {
  source: Scope;
  target: Scope;
  targetId: number;
  /** The target team's verified custom domain, or null. */
  targetDomain: string | null;
  requested: string | null | undefined;
  defaultHost: string;
  /** Codes accepted so far: a second link with one would share a domain or the team with it. */
  accepted: Set<string>;
  maxLinks: number;
  /** Links the target team may still take. */
  room: number;
}

/** The domain the link goes on in the target team, or why it may not go there. */
function domainProblem(check: MoveCheck, link: TaggedLink): { domain: string | null } | { problem: string } {
  const { requested, targetDomain, defaultHost } = check;
  const domain = requested === undefined ? link.domain : requested;
  if (domain !== null && domain !== targetDomain) {
    return { problem: requested === undefined ? moveDomainNotInTeam(domain) : DOMAIN_NOT_YOURS };
  }
  const leaving = domainMissing(check.source, link.domain ?? defaultHost);
  const arriving = domainMissing(check.target, domain ?? defaultHost);
  return leaving || arriving ? { problem: (leaving ?? arriving)! } : { domain };
}

/** Why the link may not move, or the domain it goes on; undefined when it is in the target team already. */
async function checkOne(
  store: Store,
  check: MoveCheck,
  link: TaggedLink,
): Promise<{ domain: string | null } | { problem: string } | undefined> {
  if (link.team_id === check.targetId) return undefined;
  const { target } = check;
  if (target.team?.ownLinksOnly && link.created_by !== target.actor.id) return { problem: OWN_LINKS_ONLY_MISSING };
  const choice = domainProblem(check, link);
  if ('problem' in choice) return choice;
  const clash =
    check.accepted.has(link.short_code) ||
    (choice.domain !== link.domain && (await store.links.findByShortCode(link.short_code, choice.domain))) ||
    (await store.links.ownerCodeElsewhere({ ...link, team_id: check.targetId }, choice.domain));
  if (clash) return { problem: CODE_TAKEN };
  if (check.room <= 0) return { problem: linkLimitMessage(check.maxLinks) };
  check.room -= 1;
  check.accepted.add(link.short_code);
  return choice;
}

/** Moves the links `ids` the source scope reaches to the target scope's team. */
export async function moveLinksToTeam(
  deps: TeamMoveDeps,
  source: Scope,
  target: Scope,
  ids: readonly number[],
  requested: string | null | undefined,
): Promise<BulkResult> {
  const { store } = deps;
  const targetId = target.team!.id;
  const check: MoveCheck = {
    source,
    target,
    targetId,
    targetDomain: await deps.verifiedDomainOf(targetId),
    requested,
    defaultHost: defaultDomainOf(deps.publicUrl),
    accepted: new Set(),
    maxLinks: deps.maxLinksPerUser,
    room: deps.maxLinksPerUser - (await store.links.ownedCount(target)),
  };
  const result: BulkResult = { done: 0, failed: [] };
  const moving: { link: TaggedLink; domain: string | null }[] = [];
  for (const id of ids) {
    try {
      const link = await deps.findOwned(source, id);
      const outcome = await checkOne(store, check, link);
      if (outcome === undefined) continue;
      if ('problem' in outcome) result.failed.push({ id, error: outcome.problem });
      else moving.push({ link, domain: outcome.domain });
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      result.failed.push({ id, error: error.message });
    }
  }
  if (moving.length === 0) return result;
  let rows: LinkRecord[];
  try {
    rows = await writeMoves(deps, source, target, moving);
  } catch (error) {
    // Another call filled the team meanwhile (PostgreSQL, several at once): each link fails as it
    // would had the room gone before, in the same answer (docs/api.md#bulk-changes).
    if (!(error instanceof LinkLimitReached)) throw error;
    for (const { link } of moving) result.failed.push({ id: link.id, error: linkLimitMessage(error.maxLinks) });
    return result;
  }
  result.done = rows.length;
  const links = await Promise.all(
    rows.map((row, index) => withCounts(store, { ...row, tags: moving[index]!.link.tags }, deps.publicUrl)),
  );
  await deps.notify(source, links);
  return result;
}

/** The moves in one transaction with both teams' audit entries; the redirect cache forgets the codes. */
async function writeMoves(
  deps: TeamMoveDeps,
  source: Scope,
  target: Scope,
  moving: readonly { link: TaggedLink; domain: string | null }[],
): Promise<LinkRecord[]> {
  const by = changedBy(source);
  const at = deps.clock();
  for (const { link } of moving) deps.linkCache.invalidate(link.short_code);
  const moves = moving.map(({ link, domain }) => ({ id: link.id, fromTeamId: link.team_id, domain }));
  const to = {
    teamId: target.team!.id,
    userId: target.team!.personalUserId,
    updatedBy: by.updated_by,
    updatedByKey: by.updated_by_key,
    maxLinks: deps.maxLinksPerUser,
  };
  try {
    const rows = await deps.store.links.moveToTeam(moves, to, async (tx, stored) => {
      // A link deleted or moved since it was read: the whole call is undone.
      if (stored.some((row) => row === undefined)) throw new RuleError(409, WRITE_COLLIDED);
      const moved = stored.map((after, index) => ({ before: moving[index]!.link, after: after! }));
      await auditMoved(source, at, moved)(tx, undefined);
    });
    return rows as LinkRecord[];
  } catch (error) {
    if (error instanceof UniqueViolation) throw taken(CODE_TAKEN);
    throw error;
  } finally {
    // Again after the write: a redirect may have cached the old row while the move was under way.
    for (const { link } of moving) deps.linkCache.invalidate(link.short_code);
  }
}
