/**
 * Team roles from groups (docs/api.md#team-roles-from-groups): at every sign-in through the
 * provider, the user's memberships of the teams OIDC_TEAM_GROUPS names are made to match their
 * groups: added, given another role, or removed when no group gives that team any more. Teams the
 * variable does not name are never touched. A team keeps its last owner (§22's rule): a change that
 * would leave it without one is not made, and the sign-in goes on. Each change is recorded in its
 * own transaction with the audit actor `sso`.
 */
import { type AuditRecord, recordAudit } from '../audit/auditLog';
import { withGoneKeys } from '../audit/keyAudit';
import type { AuditActor } from '../contract/audit';
import { MAX_TEAMS_PER_USER, TEAM_ROLES, type TeamRole } from '../contract/teams';
import { log } from '../observability/logger';
import type { Executor } from '../storage/executor';
import type { UserRecord } from '../storage/records';
import type { GoneKey } from '../storage/repositories/memberKeys';
import type { NamedTeam } from '../storage/repositories/ssoRepository';
import type { Store } from '../storage/store';
import type { TeamGroup } from './ssoConfig';

/** The role each named team should give: the highest any of `groups` maps to; absent, none. */
export function rolesFromGroups(groups: readonly string[], mapping: readonly TeamGroup[]): Map<string, TeamRole> {
  const roles = new Map<string, TeamRole>();
  for (const { group, team, role } of mapping) {
    if (!groups.includes(group)) continue;
    const had = roles.get(team);
    if (had === undefined || TEAM_ROLES.indexOf(role) < TEAM_ROLES.indexOf(had)) roles.set(team, role);
  }
  return roles;
}

interface SyncDeps {
  store: Store;
  clock: () => number;
  mapping: readonly TeamGroup[];
}

type Change = { kind: 'add' | 'set'; role: TeamRole } | { kind: 'remove' };

/** What to do in one team, given the role the groups give and the role the user has. */
export function changeFor(wanted: TeamRole | undefined, had: TeamRole | undefined): Change | undefined {
  if (wanted === undefined) return had === undefined ? undefined : { kind: 'remove' };
  if (had === undefined) return { kind: 'add', role: wanted };
  return had === wanted ? undefined : { kind: 'set', role: wanted };
}

function memberRecord(team: NamedTeam, user: UserRecord, action: string, changes: AuditRecord['changes']) {
  return { teamId: team.id, action, target: { type: 'member', id: String(user.id), label: user.email }, changes };
}

/** Applies one team's change; a refusal (last owner, team limit) is one line in the log. */
async function apply({ store, clock }: SyncDeps, team: NamedTeam, user: UserRecord, change: Change): Promise<void> {
  const actor: AuditActor = { type: 'sso', id: user.id, name: user.name };
  const at = clock();
  // A membership's end (or a new one after an end that kept them) takes the member's keys of the team.
  const withKeys = (entry: AuditRecord) => (tx: Executor, keys: GoneKey[]) =>
    recordAudit(tx, actor, withGoneKeys(entry, keys), at);
  let outcome: string;
  if (change.kind === 'add') {
    const entry = memberRecord(team, user, 'member.added', { role: [null, change.role] });
    outcome = await store.sso.addMember(team.id, user.id, change.role, at, MAX_TEAMS_PER_USER, withKeys(entry));
  } else if (change.kind === 'set') {
    outcome = await store.sso.setRole(team.id, user.id, change.role, (tx, before) =>
      recordAudit(tx, actor, memberRecord(team, user, 'member.role_changed', { role: [before, change.role] }), at),
    );
  } else {
    const entry = memberRecord(team, user, 'member.removed', {});
    outcome = await store.teams.removeMember(team.id, user.id, withKeys(entry));
  }
  if (outcome === 'last-owner') {
    log.warn(`single sign-on: user ${user.id} stays the last owner of team "${team.slug}" (a team keeps an owner)`);
  } else if (outcome === 'limit') {
    log.warn(`single sign-on: user ${user.id} is in ${MAX_TEAMS_PER_USER} teams already, not added to "${team.slug}"`);
  }
}

/** Makes the user's memberships of the mapped teams match `groups`. */
export async function syncTeamRoles(deps: SyncDeps, user: UserRecord, groups: readonly string[]): Promise<void> {
  if (deps.mapping.length === 0) return;
  const slugs = [...new Set(deps.mapping.map((entry) => entry.team))];
  const teams = await deps.store.sso.sharedTeams(slugs);
  const missing = slugs.filter((slug) => !teams.some((team) => team.slug === slug));
  if (missing.length > 0) log.warn(`single sign-on: OIDC_TEAM_GROUPS names no such team: ${missing.join(', ')}`);
  const wanted = rolesFromGroups(groups, deps.mapping);
  const had = await deps.store.sso.rolesIn(
    user.id,
    teams.map((team) => team.id),
  );
  for (const team of teams) {
    const change = changeFor(wanted.get(team.slug), had.get(team.id));
    if (change) await apply(deps, team, user, change);
  }
}
