/**
 * The team rule (docs/api.md#scope-of-every-call): the one piece of code every user call goes
 * through. It picks the team a call acts in (`X-Team` or `?team=`, an id or a slug; else the
 * personal team; an API key: its own team), answers 404 to a caller who is not a member (the team's
 * existence is not revealed), and 403, naming what is missing, when the member's role, restriction
 * or key scope forbids the call, from the call's method and path alone, so that no route can skip
 * it. The scope (auth/scope.ts) decides what a role allows; this file only asks it.
 */
import type { Context } from 'koa';
import { keyScope, type Scope, type ScopeAction, type TeamAccess, userScope } from '../auth/scope';
import { TEAM_HEADER, TEAM_NOT_FOUND, TEAM_PARAMETER } from '../contract/teams';
import type { UserRecord } from '../storage/records';
import type { ApiKeyRecord } from '../storage/repositories/apiKeyRepository';
import type { Store } from '../storage/store';
import { badRequest, forbidden, notFound, unauthorized } from './errors';

/**
 * The team the request names, or undefined for the caller's own (personal, or an API key's). The
 * query's parameter, which names the call's target in its address, comes before `X-Team`, a
 * client's standing choice: `PUT /api/teams?id=B` with `X-Team: A` renamed A.
 */
export function teamRefOf(ctx: Context): string | undefined {
  const header = ctx.get(TEAM_HEADER).trim();
  // PUT and DELETE /api/teams name the team they change by `id`.
  const named = ctx.path === '/api/teams' && (ctx.method === 'PUT' || ctx.method === 'DELETE');
  const value = ctx.query[named ? 'id' : TEAM_PARAMETER];
  const parameter = named ? 'id' : TEAM_PARAMETER;
  // A parameter given twice names no one team: refused, never read as none (the personal team).
  if (Array.isArray(value)) throw badRequest(`${parameter} must be a team's id or slug`);
  const query = typeof value === 'string' ? value.trim() : '';
  const ref = query !== '' ? query : header;
  if (ref === '') return undefined;
  // The message names where the bad value came from: the query's parameter, or the header.
  const from = query !== '' ? parameter : TEAM_HEADER;
  if (!/^[A-Za-z0-9-]{1,40}$/.test(ref)) throw badRequest(`${from} must be a team's id or slug`);
  return ref;
}

/** The scope of a user's call: the user (or their key) in the team the call names. */
export async function userCallScope(
  store: Pick<Store, 'teams'>,
  ctx: Context,
  user: UserRecord,
  key: ApiKeyRecord | undefined,
): Promise<Scope> {
  // The account's own calls act for the user whatever team the client has chosen.
  const ref = ctx.path.startsWith('/api/account') ? undefined : teamRefOf(ctx);
  let team: TeamAccess | undefined;
  if (key) {
    // A key acts in its own team, while its maker is still a member.
    team = key.team_id === null ? undefined : await store.teams.accessById(user.id, key.team_id);
    if (!team) throw unauthorized('Invalid or expired API key');
    if (ref !== undefined && (await store.teams.access(user.id, ref))?.id !== team.id) throw notFound(TEAM_NOT_FOUND);
    return keyScope(user, team, { id: key.id, name: key.name, scope: key.scope, domains: key.domains });
  }
  team = ref === undefined ? undefined : await store.teams.access(user.id, ref);
  if (ref !== undefined && !team) throw notFound(TEAM_NOT_FOUND);
  return userScope(user, team);
}

/**
 * What a user call needs of its team, from its method and path; undefined for the calls about the
 * account itself (`/api/account…`), which no team owns.
 */
export function callNeed(method: string, path: string): ScopeAction | undefined {
  const reads = method === 'GET' || method === 'HEAD';
  if (path.startsWith('/api/account')) return undefined;
  // The team and its members need a sign-in (docs/api.md#api-keys).
  if (path === '/api/teams') return reads ? 'read' : method === 'POST' ? 'account' : 'team.manage';
  if (path === '/api/teams/join') return 'account';
  // Removing a member: an owner, or the member themselves (teams/teamService.ts asks the scope).
  if (path === '/api/teams/members') return reads ? 'read' : method === 'DELETE' ? 'account' : 'team.manage';
  if (path === '/api/teams/invite') return 'team.manage';
  if (path.startsWith('/api/keys')) return 'keys.manage';
  if (path.startsWith('/api/webhooks')) return 'manage';
  if (path === '/api/stream' || path === '/api/stream/ticket' || path.startsWith('/api/analytics')) return 'read';
  if (reads) return 'read';
  if (path.startsWith('/api/user/domain')) return 'manage';
  if (path.startsWith('/api/hub')) return 'hub';
  return 'links';
}

/**
 * Whether a user call is a call on a team's things, which the administrator may make naming a
 * team (docs/api.md#the-administrator-on-a-team): everything but the account's own calls and the
 * calls about the caller's memberships (`/api/teams…`), which are a user's, except those that let
 * the administrator clear the way to deleting a team's last owner: listing and changing its
 * members, and deleting the team (docs/api.md#teams-for-the-administrator).
 */
export function isTeamCall(method: string, path: string): boolean {
  const need = callNeed(method, path);
  if (need === undefined || need === 'account') return false;
  if (path === '/api/teams') return method === 'DELETE';
  if (path === '/api/teams/members') return method === 'GET' || method === 'PUT';
  return !path.startsWith('/api/teams');
}

/** Throws the call's 403 when the scope may not make it (the team rule; see above). */
export function checkTeamRule(ctx: Context, scope: Scope): void {
  const need = callNeed(ctx.method, ctx.path);
  if (need === undefined) return;
  const missing = scope.missing(need);
  if (missing !== undefined) throw forbidden(missing);
}
