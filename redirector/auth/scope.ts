/**
 * A call's scope (docs/api.md#scope-who-a-call-acts-for): who the call acts for, resolved once from
 * its credential and passed down to the services and the repositories, which filter by it in one
 * helper (storage/repositories/scopeFilter.ts). No service, router or repository decides ownership
 * from a bare user id. A scope acts in one team (docs/api.md#teams): the team's things are its own,
 * and its role, restrictions and key scope decide what it may do, here and nowhere else.
 *
 * Pure: the rules of what a scope owns, reaches and may do live in this file only.
 */
import { KEYS_NEED_SIGN_IN } from '../contract/keys';
import {
  domainMissing as domainRefused,
  type KeyScope,
  mayUseDomain,
  READ_KEY_MISSING,
  roleAllows,
  roleMissing,
  TEAMS_NEED_SIGN_IN,
  type TeamNeed,
  type TeamRole,
} from '../contract/teams';

/**
 * Whose things a call creates and (with reach 'own') sees: a user's personal team (`user`, with the
 * user's id), another team (`team`, with the team's id), or the administrator's own (no team).
 */
export type ScopeOwner =
  | { readonly kind: 'user'; readonly id: number }
  | { readonly kind: 'team'; readonly id: number }
  | { readonly kind: 'admin' };

/** Who acts, as an audit entry will name them: a signed-in user, a user's API key, the administrator, the CLI. */
export interface Actor {
  readonly type: 'user' | 'key' | 'admin' | 'cli' | 'sso';
  /** The user's id (a key: its user's); null for the administrator and the CLI. */
  readonly id: number | null;
  readonly name: string;
  /** An API key's id and name, when a key acts. */
  readonly key?: { readonly id: number; readonly name: string };
}

/** A scope's place in its team: the team, the member's role and restrictions (docs/api.md#teams). */
export interface TeamAccess {
  readonly id: number;
  /** The user's personal team (whose one-per-owner things, the custom domain and the hub, are the user's). */
  readonly personalUserId: number | null;
  readonly role: TeamRole;
  /** Sees and changes only the links its user created. */
  readonly ownLinksOnly: boolean;
  /** The host names it may put links on; null: all of the team's. */
  readonly domains: readonly string[] | null;
}

/** What a scope may be asked for beyond reading its own things. */
export type ScopeAction =
  /** Make, list or delete API keys: a sign-in only, so that a leaked key cannot mint more (docs/api.md#api-keys). */
  | 'keys.manage'
  /** A call on the team's things that needs `TeamNeed` and, unless `read`, a write credential. */
  | TeamNeed
  /**
   * The team itself and its members (rename, delete, invite, change a member's role): an owner's
   * sign-in only, so that a leaked key cannot hand the team to its holder (docs/api.md#api-keys).
   */
  | 'team.manage'
  /** A change about the caller's own memberships (make a team, join one, leave one or remove a member): a sign-in. */
  | 'account';

export interface Scope {
  readonly owner: ScopeOwner;
  /** 'own': the owner's things only; 'all': every owner's (the administrator's links, analytics, health). */
  readonly reach: 'own' | 'all';
  readonly actor: Actor;
  /** The team the call acts in; null for the administrator's own things and the service's. */
  readonly team: TeamAccess | null;
  can(action: ScopeAction): boolean;
  /** Why `action` is refused (a 403's message naming what is missing), or undefined when it is allowed. */
  missing(action: ScopeAction): string | undefined;
}

/** The credential a scope was proved with: a sign-in (a session, the admin key itself) or an API key. */
export type ScopeCredential = 'sign-in' | 'api-key';

function whatIsMissing(
  action: ScopeAction,
  team: TeamAccess | null,
  credential: ScopeCredential,
  keyScope: KeyScope,
): string | undefined {
  if (action === 'keys.manage' || action === 'team.manage') {
    if (credential !== 'sign-in') return action === 'keys.manage' ? KEYS_NEED_SIGN_IN : TEAMS_NEED_SIGN_IN;
    return team && !roleAllows(team.role, 'manage') ? roleMissing(team.role, 'manage') : undefined;
  }
  if (action === 'account') return credential === 'sign-in' ? undefined : TEAMS_NEED_SIGN_IN;
  if (action !== 'read' && keyScope === 'read') return READ_KEY_MISSING;
  if (!team) return undefined;
  return roleAllows(team.role, action) ? undefined : roleMissing(team.role, action);
}

function makeScope(
  owner: ScopeOwner,
  actor: Actor,
  credential: ScopeCredential,
  team: TeamAccess | null,
  keyScope: KeyScope = 'write',
): Scope {
  const missing = (action: ScopeAction) => whatIsMissing(action, team, credential, keyScope);
  return Object.freeze({
    owner,
    reach: owner.kind === 'admin' ? 'all' : 'own',
    actor,
    team,
    can: (action: ScopeAction) => missing(action) === undefined,
    missing,
  });
}

/** The owner of a team's things: its user for a personal team, else the team. */
const teamOwner = (team: TeamAccess): ScopeOwner =>
  team.personalUserId !== null ? { kind: 'user', id: team.personalUserId } : { kind: 'team', id: team.id };

/** A member's place in a team as the owner of everything: the personal team, the service's scopes. */
export function ownerAccess(id: number, personalUserId: number | null): TeamAccess {
  return { id, personalUserId, role: 'owner', ownLinksOnly: false, domains: null };
}

/** A user as a scope needs them: their id, name and personal team. */
export interface ScopeUser {
  id: number;
  name: string;
  personal_team_id: number;
}

const personalTeam = (user: ScopeUser) => ownerAccess(user.personal_team_id, user.id);

/** A signed-in user (a session token) acting in `team` (their personal team unless the call chose another). */
export function userScope(user: ScopeUser, team: TeamAccess = personalTeam(user)): Scope {
  return makeScope(teamOwner(team), { type: 'user', id: user.id, name: user.name }, 'sign-in', team);
}

/**
 * A key's place in its team: its maker's, its `domains` narrowing the maker's (a key may put links
 * only on hosts both allow, docs/api.md#api-keys-of-a-team).
 */
function keyTeam(team: TeamAccess, keyDomains: readonly string[] | null): TeamAccess {
  if (keyDomains === null) return team;
  const domains = team.domains === null ? keyDomains : keyDomains.filter((host) => team.domains?.includes(host));
  return { ...team, domains };
}

/** A user's API key, acting in its own team with its scope; it may not manage keys. */
export function keyScope(
  user: ScopeUser,
  team: TeamAccess = personalTeam(user),
  key: { id: number; name: string; scope: KeyScope; domains?: readonly string[] | null } = {
    id: 0,
    name: user.name,
    scope: 'write',
  },
): Scope {
  const actor: Actor = { type: 'key', id: user.id, name: user.name, key: { id: key.id, name: key.name } };
  return makeScope(teamOwner(team), actor, 'api-key', keyTeam(team, key.domains ?? null), key.scope);
}

/**
 * The administrator (the admin key, an admin session or an admin API key): reaches every team's
 * links and figures; what it owns itself (its webhooks, its keys, the links it creates) is in no
 * team.
 */
export function adminScope(credential: ScopeCredential): Scope {
  return makeScope({ kind: 'admin' }, { type: 'admin', id: null, name: 'admin' }, credential, null);
}

/**
 * The administrator acting on one team (`X-Team` or `?team=` with an admin credential,
 * docs/api.md#the-administrator-on-a-team): the team's things as its owner would reach them, named
 * as the administrator (links it makes there have `created_by: null`).
 */
export function adminTeamScope(
  credential: ScopeCredential,
  team: { id: number; personal_user_id: number | null },
): Scope {
  const access = ownerAccess(team.id, team.personal_user_id);
  return makeScope(teamOwner(access), { type: 'admin', id: null, name: 'admin' }, credential, access);
}

/**
 * The command line on the server (`me …`): the administrator's reach, or with `--user` that user's
 * personal team only; named as the CLI either way.
 */
export function cliScope(user?: ScopeUser): Scope {
  const team = user ? personalTeam(user) : null;
  const owner: ScopeOwner = team ? teamOwner(team) : { kind: 'admin' };
  return makeScope(owner, { type: 'cli', id: null, name: 'cli' }, 'sign-in', team);
}

/** The command line on the server acting in one team (`me import … --team <slug>`), as its owner. */
export function cliTeamScope(teamId: number): Scope {
  const team = ownerAccess(teamId, null);
  return makeScope(teamOwner(team), { type: 'cli', id: null, name: 'cli' }, 'sign-in', team);
}

/**
 * The service itself, acting for no caller: every team's things (an event's link, a health check's
 * turn), or with `team` one team's (a webhook's or a live stream's clicks, the team stored with
 * them; `personalUserId`: the user whose personal team it is, so that what it writes is theirs);
 * named 'system'; it manages no keys.
 */
export function systemScope(
  teamId: number | null = null,
  personalUserId: number | null = null,
  actor: Actor = { type: 'cli', id: null, name: 'system' },
): Scope {
  const access = teamId === null ? null : ownerAccess(teamId, personalUserId);
  const owner: ScopeOwner = access ? teamOwner(access) : { kind: 'admin' };
  return makeScope(owner, actor, 'api-key', access);
}

/**
 * The scope of work the service does later for the owner of a stored thing (an import job): its
 * team (null: the administrator's own) and, for a personal team, its user, as the thing was stored;
 * acting as whoever started it (what it makes is theirs in `created_by` and the audit log), else as
 * the service. Its rights are the owner's: the start was checked when the job was made.
 */
export function storedOwnerScope(stored: {
  team_id: number | null;
  user_id: number | null;
  started_by?: Actor | null;
}): Scope {
  return systemScope(stored.team_id, stored.user_id, stored.started_by ?? undefined);
}

/**
 * The scope of a stored job as its starter may act now (an import job run, docs/api.md#imports):
 * storedOwnerScope's team and actor, with `access`, the starter's place in the team read again when
 * the job runs (their role, own-links-only and domains, a key's domains narrowing them).
 */
export function storedStarterScope(
  stored: { started_by?: Actor | null },
  access: TeamAccess,
  keyDomains: readonly string[] | null = null,
): Scope {
  const actor = stored.started_by ?? { type: 'cli', id: null, name: 'system' };
  return makeScope(teamOwner(access), actor, 'api-key', keyTeam(access, keyDomains));
}

/** The user of the owner's personal team, null for a shared team's things and the administrator's own. */
export function ownerIdOf(scope: Scope): number | null {
  return scope.owner.kind === 'user' ? scope.owner.id : null;
}

/** The owner's team, null for the administrator's own things: the value a write stores as `team_id`. */
export function teamIdOf(scope: Scope): number | null {
  return scope.team?.id ?? null;
}

/** Whether the scope reaches a thing of team `teamId` (null: the administrator's own). */
export function reaches(scope: Scope, teamId: number | null): boolean {
  return scope.reach === 'all' || teamIdOf(scope) === teamId;
}

/**
 * Why the scope may not put a link on `host` (its team membership's `domains`, docs/api.md#roles),
 * or undefined when it may.
 */
export function domainMissing(scope: Scope, host: string): string | undefined {
  return mayUseDomain(scope.team?.domains, host) ? undefined : domainRefused(host);
}

/**
 * Whether the scope reaches a link (its team, and with own-links-only one its user created): the
 * rule a link read or change by id applies after loading the link.
 */
export function reachesLink(scope: Scope, link: { team_id: number | null; created_by: number | null }): boolean {
  if (!reaches(scope, link.team_id)) return false;
  return scope.reach === 'all' || !scope.team?.ownLinksOnly || link.created_by === scope.actor.id;
}
