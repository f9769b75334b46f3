/**
 * The one place a call's scope becomes SQL (docs/api.md#scope-who-a-call-acts-for): every
 * repository that reads or writes owned things (links, their clicks and tags, webhooks, keys, the
 * hub, the custom domain) filters through these helpers, so that no query filters by a caller's id
 * on its own. An owner is a team (`team_id = ?`, docs/api.md#teams) or the administrator's own
 * things (`team_id IS NULL`); a member restricted to their own links also sees only the links they
 * created.
 */
import type { Scope } from '../../auth/scope';

/** A condition on one table's owner column, with its parameters, to AND into a WHERE. */
export interface ScopeCondition {
  sql: string;
  params: number[];
}

/** The owner column of `alias` (the table itself when none). */
const ownerColumn = (alias?: string) => (alias ? `${alias}.team_id` : 'team_id');

/**
 * The `user_id` a write stores for things the scope creates: the user of a personal team (whose
 * account holds them: disabling it stops them, deleting it deletes them), null for a shared team's
 * and the administrator's own.
 */
export function ownerValue(scope: Scope): number | null {
  return scope.owner.kind === 'user' ? scope.owner.id : null;
}

/**
 * The assignment that hands a row to another team (`team_id = ?, user_id = ?`), its values the
 * team and, for a personal team, its user, as `ownerValue` and `teamValue` store them.
 */
export const TEAM_OWNER_SET = 'team_id = ?, user_id = ?';

/** The `team_id` a write stores for things the scope creates: its team, null for the administrator's own. */
export function teamValue(scope: Scope): number | null {
  return scope.team?.id ?? null;
}

/**
 * The rows the scope's team owns (`team_id = ?`), or for the administrator its own
 * (`team_id IS NULL`: admin webhooks and keys), not everyone's.
 */
export function ownedBy(scope: Scope, alias?: string): ScopeCondition {
  return ownedByRow(teamValue(scope), alias);
}

/** The rows owned by the team stored in `row` (a write's team, the team of a link being moved). */
export function ownedByRow(teamId: number | null, alias?: string): ScopeCondition {
  return teamId === null
    ? { sql: `${ownerColumn(alias)} IS NULL`, params: [] }
    : { sql: `${ownerColumn(alias)} = ?`, params: [teamId] };
}

/**
 * The rows of the administrator and of team `teamId` (a link's team; null: the administrator
 * alone): who hears about a link's events (its team's webhooks, and the administrator's, which
 * hear every link's).
 */
export function hearingOwner(teamId: number | null, alias?: string): ScopeCondition {
  const column = ownerColumn(alias);
  return teamId === null
    ? { sql: `${column} IS NULL`, params: [] }
    : { sql: `(${column} IS NULL OR ${column} = ?)`, params: [teamId] };
}

/**
 * The links (alias `alias` on `links`) the scope reaches: its team's (and with own-links-only, of
 * those only the ones its user created), or undefined when it reaches every team's (the
 * administrator's links, figures and health), so the query leaves the owner out. `creatorColumn`
 * names who made a row of another table (an import job's `started_by_user`).
 */
export function reachedBy(scope: Scope, alias?: string, creatorColumn = 'created_by'): ScopeCondition | undefined {
  if (scope.reach === 'all') return undefined;
  const owned = ownedBy(scope, alias);
  if (!scope.team?.ownLinksOnly) return owned;
  const creator = alias ? `${alias}.${creatorColumn}` : creatorColumn;
  return { sql: `${owned.sql} AND ${creator} = ?`, params: [...owned.params, scope.actor.id ?? 0] };
}

/**
 * The owner's row in `teams` (alias `alias`), where the one-per-team things live (the custom domain
 * and its settings, docs/api.md#domains-and-hubs-of-a-team): the scope's team's row; none for the
 * administrator's own (no team).
 */
export function teamRow(scope: Scope, alias = 't'): ScopeCondition {
  const id = teamValue(scope);
  return id === null ? { sql: '1 = 0', params: [] } : { sql: `${alias}.id = ?`, params: [id] };
}

/**
 * The rows of a one-per-team table kept by team (`hubs`, `hub_items`, `hub_views`): the scope's
 * team's; none for the administrator's own (no team, no hub).
 */
export function hubOwnedBy(scope: Scope, alias?: string): ScopeCondition {
  const id = teamValue(scope);
  return id === null ? { sql: '1 = 0', params: [] } : hubOwnedByRow(id, alias);
}

/** The rows of the hub of team `teamId` (a hub found by its handle: its items). */
export function hubOwnedByRow(teamId: number, alias?: string): ScopeCondition {
  return { sql: `${alias ? `${alias}.team_id` : 'team_id'} = ?`, params: [teamId] };
}

/** `reachedBy` as a WHERE (or '' when the scope reaches everything). */
export function whereReached(scope: Scope, alias?: string, creatorColumn?: string): ScopeCondition {
  const condition = reachedBy(scope, alias, creatorColumn);
  return condition ? { sql: `WHERE ${condition.sql}`, params: condition.params } : { sql: '', params: [] };
}
