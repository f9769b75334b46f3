/**
 * The one place a call's scope becomes SQL (docs/api.md#scope-who-a-call-acts-for): every
 * repository that reads or writes owned things (links, their clicks and tags, webhooks, keys, the
 * hub, the custom domain) filters through these helpers, so that no query filters by a caller's id
 * on its own. Today an owner is a user (`user_id = ?`) or the administrator (`user_id IS NULL`);
 * teams change this file, not the repositories.
 */
import type { Scope } from '../../auth/scope';

/** A condition on one table's owner column, with its parameters, to AND into a WHERE. */
export interface ScopeCondition {
  sql: string;
  params: number[];
}

/** The owner column of `alias` (the table itself when none). */
const ownerColumn = (alias?: string) => (alias ? `${alias}.user_id` : 'user_id');

/** The owner value a write stores for things the scope creates: the user's id, null for the administrator's own. */
export function ownerValue(scope: Scope): number | null {
  return scope.owner.kind === 'user' ? scope.owner.id : null;
}

/** The user whose row holds a one-per-owner thing (a hub, a custom domain); undefined for the administrator, who has none. */
export function ownerUser(scope: Scope): number | undefined {
  return scope.owner.kind === 'user' ? scope.owner.id : undefined;
}

/**
 * The rows the scope owns: its user's (`user_id = ?`), or for the administrator its own
 * (`user_id IS NULL`: admin webhooks and keys), not everyone's.
 */
export function ownedBy(scope: Scope, alias?: string): ScopeCondition {
  return ownedByRow(ownerValue(scope), alias);
}

/** The rows owned by the owner stored in `row` (a write's owner, the owner of a link being moved). */
export function ownedByRow(ownerId: number | null, alias?: string): ScopeCondition {
  return ownerId === null
    ? { sql: `${ownerColumn(alias)} IS NULL`, params: [] }
    : { sql: `${ownerColumn(alias)} = ?`, params: [ownerId] };
}

/**
 * The rows of the administrator and of `ownerId` (a link's owner; null: the administrator alone):
 * who hears about a link's events (its owner's webhooks, and the administrator's, which hear every
 * link's).
 */
export function hearingOwner(ownerId: number | null, alias?: string): ScopeCondition {
  const column = ownerColumn(alias);
  return ownerId === null
    ? { sql: `${column} IS NULL`, params: [] }
    : { sql: `(${column} IS NULL OR ${column} = ?)`, params: [ownerId] };
}

/**
 * The rows the scope reaches: its own (reach 'own'), or undefined when it reaches every owner's
 * (the administrator's links, figures and health), so the query leaves the owner out.
 */
export function reachedBy(scope: Scope, alias?: string): ScopeCondition | undefined {
  return scope.reach === 'all' ? undefined : ownedBy(scope, alias);
}

/**
 * The owner's row in `users` (alias `alias`), where the one-per-owner things live today (the custom
 * domain): the user's row; none for the administrator, who has no such row.
 */
export function ownerRow(scope: Scope, alias = 'u'): ScopeCondition {
  const id = ownerUser(scope);
  return id === undefined ? { sql: '1 = 0', params: [] } : { sql: `${alias}.id = ?`, params: [id] };
}

/** `reachedBy` as a WHERE (or '' when the scope reaches everything). */
export function whereReached(scope: Scope, alias?: string): ScopeCondition {
  const condition = reachedBy(scope, alias);
  return condition ? { sql: `WHERE ${condition.sql}`, params: condition.params } : { sql: '', params: [] };
}
