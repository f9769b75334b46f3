/**
 * A call's scope (docs/api.md#scope-who-a-call-acts-for): who the call acts for, resolved once from
 * its credential and passed down to the services and the repositories, which filter by it in one
 * helper (storage/repositories/scopeFilter.ts). No service, router or repository decides ownership
 * from a bare user id; a team (§22 of the contract) is one more kind of owner here, not a new check
 * in each route.
 *
 * Pure: the rules of what a scope owns, reaches and may do live in this file only.
 */

/** Whose things a call creates and (with reach 'own') sees: one user's, or the administrator's own (no owner row). */
export type ScopeOwner = { readonly kind: 'user'; readonly id: number } | { readonly kind: 'admin' };

/** Who acts, as an audit entry will name them: a signed-in user, a user's API key, the administrator, the CLI. */
export interface Actor {
  readonly type: 'user' | 'key' | 'admin' | 'cli';
  /** The user's id (a key: its user's); null for the administrator and the CLI. */
  readonly id: number | null;
  readonly name: string;
}

/** What a scope may be asked for beyond reading and writing its own things. */
export type ScopeAction =
  /** Make, list or delete API keys: a sign-in only, so that a leaked key cannot mint more (docs/api.md#api-keys). */
  'keys.manage';

export interface Scope {
  readonly owner: ScopeOwner;
  /** 'own': the owner's things only; 'all': every owner's (the administrator's links, analytics, health). */
  readonly reach: 'own' | 'all';
  readonly actor: Actor;
  can(action: ScopeAction): boolean;
}

/** The credential a scope was proved with: a sign-in (a session, the admin key itself) or an API key. */
export type ScopeCredential = 'sign-in' | 'api-key';

function makeScope(owner: ScopeOwner, actor: Actor, credential: ScopeCredential): Scope {
  return Object.freeze({
    owner,
    reach: owner.kind === 'admin' ? 'all' : 'own',
    actor,
    can: (action: ScopeAction) => action === 'keys.manage' && credential === 'sign-in',
  });
}

/** A signed-in user (a session token): their own things. */
export function userScope(user: { id: number; name: string }): Scope {
  return makeScope({ kind: 'user', id: user.id }, { type: 'user', id: user.id, name: user.name }, 'sign-in');
}

/** A user's API key: the same things as its user, but it may not manage keys. */
export function keyScope(user: { id: number; name: string }): Scope {
  return makeScope({ kind: 'user', id: user.id }, { type: 'key', id: user.id, name: user.name }, 'api-key');
}

/**
 * The administrator (the admin key, an admin session or an admin API key): reaches every owner's
 * links and figures; what it owns itself (its webhooks, its keys, the links it creates) has no
 * owner row (user_id NULL).
 */
export function adminScope(credential: ScopeCredential): Scope {
  return makeScope({ kind: 'admin' }, { type: 'admin', id: null, name: 'admin' }, credential);
}

/**
 * The command line on the server (`me …`): the administrator's reach, or with `--user` that user's
 * things only; named as the CLI either way.
 */
export function cliScope(user?: { id: number; name: string }): Scope {
  const owner: ScopeOwner = user ? { kind: 'user', id: user.id } : { kind: 'admin' };
  return makeScope(owner, { type: 'cli', id: null, name: 'cli' }, 'sign-in');
}

/**
 * The service itself, acting for no caller: every owner's things (an event's link, a health
 * check's turn), or with `ownerId` one owner's (a webhook's or a live stream's clicks, the owner
 * stored with them); named 'system'; it manages no keys.
 */
export function systemScope(ownerId: number | null = null): Scope {
  const owner: ScopeOwner = ownerId === null ? { kind: 'admin' } : { kind: 'user', id: ownerId };
  return makeScope(owner, { type: 'cli', id: null, name: 'system' }, 'api-key');
}

/** The owner's user id, null for the administrator's own things: the value a write stores as the owner. */
export function ownerIdOf(scope: Scope): number | null {
  return scope.owner.kind === 'user' ? scope.owner.id : null;
}

/** Whether the scope reaches a thing of `ownerId` (null: the administrator's own). */
export function reaches(scope: Scope, ownerId: number | null): boolean {
  return scope.reach === 'all' || ownerIdOf(scope) === ownerId;
}
