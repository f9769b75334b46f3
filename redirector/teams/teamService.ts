/**
 * Teams, members and invitations (docs/api.md#teams). Which team a call acts in and what the
 * caller may do there is the scope's (auth/scope.ts, asked by http/teamRule.ts for every call);
 * this service keeps the teams' own rules: the personal team is fixed, a team keeps an owner, a
 * user joins at most MAX_TEAMS_PER_USER teams, invitations are single use and stored as hashes.
 */
import { type AuditRecord, fieldChanges, recordAudit, recordChange } from '../audit/auditLog';
import { withGoneKeys } from '../audit/keyAudit';
import type { Scope } from '../auth/scope';
import { hashToken, newToken } from '../auth/tokens';
import {
  ALREADY_MEMBER,
  CONFIRM_WITH_SLUG,
  INVITATION_INVALID,
  INVITATION_LIFETIME_MS,
  INVITATION_NOT_FOUND,
  type InvitationResponse,
  LAST_OWNER,
  MADE_SLUG_TRIES,
  MAX_TEAMS_PER_USER,
  MEMBER_NOT_FOUND,
  madeSlug,
  PERSONAL_TEAM_FIXED,
  TEAM_LIMIT_REACHED,
  TEAM_NOT_FOUND,
  TEAM_SLUG_TAKEN,
  type Team,
  type TeamMembersResponse,
} from '../contract/teams';
import { invalidInput, notFoundRule, RuleError, taken } from '../ruleError';
import { UniqueViolation } from '../storage/errors';
import type { AfterWrite } from '../storage/executor';
import type { GoneKey } from '../storage/repositories/memberKeys';
import type { InvitationRow, Membership } from '../storage/repositories/teamMembers';
import type { Store } from '../storage/store';
import { changedMembership, parseInvitation, parseMembershipChange, parseTeamFields } from './teamRules';

export interface TeamServiceDeps {
  store: Store;
  clock: () => number;
  publicUrl: string;
  /**
   * After a team is renamed or deleted: its hub moved or went, its domain went (the hub pages and
   * directory and the verified domains read again here; other instances hear it through the store).
   */
  onTeamChanged?: () => Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();

const TEAM_FIELDS = ['name', 'slug'] as const;
const MEMBERSHIP_FIELDS = ['role', 'own_links_only', 'domains'] as const;

/** A team's own change as the audit log keeps it (docs/api.md#audit-log). */
function teamEntry(
  teamId: number,
  action: string,
  label: { name: string },
  before: { name: string; slug: string | null } | undefined,
  after: { name: string; slug: string | null } | undefined,
): AuditRecord {
  const target = { type: 'team', id: String(teamId), label: label.name };
  return { teamId, action, target, changes: fieldChanges(before, after, TEAM_FIELDS) };
}

/** A membership's change: the member named by their email. */
async function memberEntry(
  store: Store,
  teamId: number,
  userId: number,
  action: string,
  before: Membership | undefined,
  after: Membership | undefined,
): Promise<AuditRecord> {
  const user = await store.users.findById(userId);
  const target = { type: 'member', id: String(userId), label: user?.email ?? '' };
  return { teamId, action, target, changes: fieldChanges(before, after, MEMBERSHIP_FIELDS) };
}

/** The scope's shared team, or 409 for a personal one (and 404 without a team: the administrator's own). */
function sharedTeamOf(scope: Scope): number {
  if (!scope.team) throw notFoundRule(TEAM_NOT_FOUND);
  if (scope.team.personalUserId !== null) throw taken(PERSONAL_TEAM_FIXED);
  return scope.team.id;
}

function userOf(scope: Scope): number {
  if (scope.actor.id === null) throw notFoundRule(TEAM_NOT_FOUND);
  return scope.actor.id;
}

async function teamAnswer(teams: Store['teams'], userId: number, teamId: number): Promise<Team> {
  const team = await teams.teamOf(userId, teamId);
  if (!team) throw notFoundRule(TEAM_NOT_FOUND);
  return team;
}

/**
 * The team a deletion names: a member's as they see it; the administrator's (no user) any team, so
 * that it can clear the way to deleting its last owner (docs/api.md#teams-for-the-administrator).
 */
async function teamNamed(
  teams: Store['teams'],
  scope: Scope,
  teamId: number,
): Promise<{ name: string; slug: string | null }> {
  if (scope.actor.id !== null) return teamAnswer(teams, scope.actor.id, teamId);
  const [ref, name] = await Promise.all([teams.byRef(String(teamId)), teams.nameOf(teamId)]);
  if (!ref || name === undefined) throw notFoundRule(TEAM_NOT_FOUND);
  return { name, slug: ref.slug };
}

export function createTeamService(deps: TeamServiceDeps) {
  return { ...teamCalls(deps), ...memberCalls(deps), ...invitationCalls(deps) };
}

/** A user's teams: listed, created, renamed, deleted. */
function teamCalls({ store, clock, onTeamChanged }: TeamServiceDeps) {
  const teams = store.teams;

  async function slugFree(slug: string): Promise<void> {
    if (await teams.slugTaken(slug)) throw taken(TEAM_SLUG_TAKEN);
  }

  const slugTaken = (error: unknown) => {
    if (error instanceof UniqueViolation) throw taken(TEAM_SLUG_TAKEN);
    throw error;
  };

  return {
    async list(scope: Scope): Promise<Team[]> {
      return teams.teamsOf(userOf(scope));
    },
    async create(scope: Scope, body: unknown): Promise<Team> {
      const user = userOf(scope);
      const { made: slugMade, ...asked } = parseTeamFields(body);
      // A slug the caller gave is theirs or 409; one made from the name takes the first free of -2 … -20.
      for (let n = 1; ; n++) {
        const fields = { ...asked, slug: slugMade ? madeSlug(asked.slug, n) : asked.slug };
        const last = !slugMade || n === MADE_SLUG_TRIES;
        // A made slug taken meanwhile by another call fails its insert below, and the next is tried.
        if (slugMade && !last && (await teams.slugTaken(fields.slug))) continue;
        if (!slugMade) await slugFree(fields.slug);
        const audit: AfterWrite<number> = (tx, id) =>
          recordAudit(tx, scope, teamEntry(id, 'team.created', fields, undefined, fields), clock());
        const made = await teams.create(user, fields, clock(), MAX_TEAMS_PER_USER, audit).catch((error: unknown) => {
          if (error instanceof UniqueViolation && !last) return 'taken' as const;
          return slugTaken(error);
        });
        if (made === 'taken') continue;
        if (made === 'limit') throw taken(TEAM_LIMIT_REACHED);
        return teamAnswer(teams, user, made);
      }
    },
    async update(scope: Scope, body: unknown): Promise<Team> {
      const teamId = sharedTeamOf(scope);
      const fields = parseTeamFields(body);
      const current = await teams.teamOf(userOf(scope), teamId);
      if (current?.slug !== fields.slug && (await teams.slugTaken(fields.slug))) throw taken(TEAM_SLUG_TAKEN);
      const entry = teamEntry(teamId, 'team.updated', fields, current, fields);
      await teams.rename(teamId, fields, (tx) => recordChange(tx, scope, entry, clock()), clock()).catch(slugTaken);
      await onTeamChanged?.();
      return teamAnswer(teams, userOf(scope), teamId);
    },
    async delete(scope: Scope, body: unknown): Promise<void> {
      const teamId = sharedTeamOf(scope);
      const team = await teamNamed(teams, scope, teamId);
      const confirm = (body as { confirm?: unknown } | null)?.confirm;
      if (typeof confirm !== 'string' || confirm !== team.slug) throw invalidInput(CONFIRM_WITH_SLUG);
      // Kept outside the team (team_id null): the team's own entries go with it.
      const entry = { ...teamEntry(teamId, 'team.deleted', team, team, undefined), teamId: null };
      await teams.remove(teamId, (tx) => recordAudit(tx, scope, entry, clock()));
      await onTeamChanged?.();
    },
  };
}

/** A team's members: listed, joined, changed, removed. */
function memberCalls({ store, clock }: TeamServiceDeps) {
  const teams = store.teams;

  return {
    async members(scope: Scope): Promise<TeamMembersResponse> {
      if (!scope.team) throw notFoundRule(TEAM_NOT_FOUND);
      const [members, invitations] = await Promise.all([
        teams.members(scope.team.id),
        scope.can('manage') ? teams.invitations(scope.team.id, clock()) : Promise.resolve([]),
      ]);
      return {
        members: members.map((member) => ({
          user: { id: member.user_id, name: member.name, email: member.email },
          role: member.role,
          own_links_only: member.own_links_only,
          domains: member.domains,
          joined_at: iso(member.joined_at),
        })),
        invitations: invitations.map((invitation) => ({
          id: invitation.id,
          email: invitation.email,
          role: invitation.role,
          expires_at: iso(invitation.expires_at),
        })),
      };
    },
    /** The invitation a token names, or 404. */
    async invitation(token: unknown): Promise<InvitationRow> {
      const found =
        typeof token === 'string' && token !== ''
          ? await teams.invitationByToken(hashToken(token), clock())
          : undefined;
      if (!found) throw notFoundRule(INVITATION_INVALID);
      return found;
    },
    async join(scope: Scope, invitation: InvitationRow): Promise<Team> {
      const userId = userOf(scope);
      const entry = await memberEntry(store, invitation.team_id, userId, 'member.joined', undefined, invitation);
      const audit: AfterWrite<GoneKey[]> = (tx, keys) => recordAudit(tx, scope, withGoneKeys(entry, keys), clock());
      const outcome = await teams.join(invitation, userId, clock(), MAX_TEAMS_PER_USER, audit);
      // Used by another join since it was found (docs/api.md#teams): as a used token, 404.
      if (outcome === 'gone') throw notFoundRule(INVITATION_INVALID);
      if (outcome === 'limit') throw taken(TEAM_LIMIT_REACHED);
      if (outcome === 'member') throw taken(ALREADY_MEMBER);
      return teamAnswer(teams, userId, invitation.team_id);
    },
    async changeMember(scope: Scope, memberId: number, body: unknown): Promise<void> {
      const teamId = sharedTeamOf(scope);
      // A field left out stays as it is: a new role alone keeps the member's restrictions.
      const change = parseMembershipChange(body);
      // Read before the transaction: inside it, only its own handle may be used.
      const entry = await memberEntry(store, teamId, memberId, 'member.updated', undefined, undefined);
      const audit: AfterWrite<Membership> = (tx, before) => {
        const action = before.role === change.role ? 'member.updated' : 'member.role_changed';
        const changes = fieldChanges(before, changedMembership(before, change), MEMBERSHIP_FIELDS);
        return recordChange(tx, scope, { ...entry, action, changes }, clock());
      };
      const outcome = await teams.changeMember(teamId, memberId, change, audit);
      if (outcome === 'missing') throw notFoundRule(MEMBER_NOT_FOUND);
      if (outcome === 'last-owner') throw taken(LAST_OWNER);
    },
    /** Removes a member: an owner any, every member themselves ("Leave"). */
    async removeMember(scope: Scope, memberId: number): Promise<void> {
      const teamId = sharedTeamOf(scope);
      if (memberId !== scope.actor.id) {
        const missing = scope.missing('manage');
        if (missing !== undefined) throw new RuleError(403, missing);
      }
      const action = memberId === scope.actor.id ? 'member.left' : 'member.removed';
      const entry = await memberEntry(store, teamId, memberId, action, undefined, undefined);
      // Their keys in the team go with the membership, each in the log.
      const outcome = await teams.removeMember(teamId, memberId, (tx, keys) =>
        recordAudit(tx, scope, withGoneKeys(entry, keys), clock()),
      );
      if (outcome === 'missing') throw notFoundRule(MEMBER_NOT_FOUND);
      if (outcome === 'last-owner') throw taken(LAST_OWNER);
    },
  };
}

/** A team's invitations: made and cancelled by its owners (joining with one is a member's call above). */
function invitationCalls({ store, clock, publicUrl }: TeamServiceDeps) {
  const teams = store.teams;

  return {
    async invite(scope: Scope, body: unknown): Promise<InvitationResponse> {
      const teamId = sharedTeamOf(scope);
      const invitation = parseInvitation(body);
      const token = newToken();
      const now = clock();
      const expiresAt = now + INVITATION_LIFETIME_MS;
      const entry: AuditRecord = {
        teamId,
        action: 'invitation.created',
        target: { type: 'invitation', id: null, label: invitation.email },
        changes: fieldChanges(undefined, invitation, MEMBERSHIP_FIELDS),
      };
      await teams.invite(
        teamId,
        { ...invitation, token_hash: hashToken(token), invited_by: scope.actor.id },
        now,
        expiresAt,
        (tx) => recordAudit(tx, scope, entry, now),
      );
      return { url: `${publicUrl.replace(/\/+$/, '')}/join/${token}`, expires_at: iso(expiresAt) };
    },
    /** Cancels an open invitation (owners): its link then answers as a used one (docs/api.md#teams). */
    async cancelInvitation(scope: Scope, id: number): Promise<void> {
      const teamId = sharedTeamOf(scope);
      const audit: AfterWrite<string> = (tx, email) => {
        const target = { type: 'invitation', id: String(id), label: email };
        return recordAudit(tx, scope, { teamId, action: 'invitation.cancelled', target, changes: {} }, clock());
      };
      if ((await teams.cancelInvitation(teamId, id, audit)) === undefined) throw notFoundRule(INVITATION_NOT_FOUND);
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
