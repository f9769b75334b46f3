/**
 * Teams' rows (docs/api.md#teams): the teams a user belongs to, a team's members and invitations,
 * and the changes to them, each kept whole by one transaction (a team keeps an owner; a user joins
 * at most MAX_TEAMS_PER_USER teams besides their personal one).
 */
import type { Team, TeamRole } from '../../contract/teams';
import type { AfterWrite, Executor, RowShape } from '../executor';
import { holdAddress } from './addressNamespace';
import { deleteLinksWhere } from './linkDeletion';
import { deleteMemberKeys, type GoneKey } from './memberKeys';

/** A team as the caller sees it: the API's Team, read straight from its row. */
export type TeamRow = Team;

export interface MemberRow {
  user_id: number;
  name: string;
  email: string;
  role: TeamRole;
  own_links_only: boolean;
  domains: string[] | null;
  joined_at: number;
}

export interface InvitationRow {
  id: number;
  team_id: number;
  email: string;
  role: TeamRole;
  own_links_only: boolean;
  domains: string[] | null;
  expires_at: number;
}

/** A member's role and restrictions. */
export interface Membership {
  role: TeamRole;
  own_links_only: boolean;
  domains: string[] | null;
}

const TEAM_SHAPE: RowShape = { booleans: ['personal'] };
const MEMBER_SHAPE: RowShape = { booleans: ['own_links_only'], json: ['domains'] };

const TEAMS_OF_SQL = `
  SELECT t.id, CASE WHEN t.personal_user_id IS NULL THEN t.name ELSE u.name END AS name, t.slug,
    (t.personal_user_id IS NOT NULL) AS personal, m.role,
    (SELECT COUNT(*) FROM team_members x WHERE x.team_id = t.id) AS members,
    (SELECT COUNT(*) FROM links l WHERE l.team_id = t.id) AS links
  FROM team_members m JOIN teams t ON t.id = m.team_id LEFT JOIN users u ON u.id = t.personal_user_id
  WHERE m.user_id = ?`;

const numbered = <T extends { id: number }>(row: T): T => ({ ...row, id: Number(row.id) });

/** 'limit': past MAX_TEAMS_PER_USER; 'member': already one; 'gone': the invitation was used or ended meanwhile. */
export type JoinOutcome = 'joined' | 'limit' | 'member' | 'gone';

export async function sharedTeamsOf(tx: Executor, userId: number): Promise<number> {
  const row = await tx.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM team_members m JOIN teams t ON t.id = m.team_id
     WHERE m.user_id = ? AND t.personal_user_id IS NULL`,
    [userId],
  );
  return Number(row!.n);
}

/** The team's owners, counted with the team's row locked (PostgreSQL) so that two changes cannot both pass. */
export async function ownersOf(tx: Executor, teamId: number): Promise<number> {
  if (tx.engine === 'postgres') await tx.get('SELECT id FROM teams WHERE id = ? FOR UPDATE', [teamId]);
  const row = await tx.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM team_members WHERE team_id = ? AND role = 'owner'",
    [teamId],
  );
  return Number(row!.n);
}

/**
 * Whether the invitation is still there and unexpired, its row locked (PostgreSQL) until the
 * transaction ends: of joins racing for it one waits for another, then finds it gone if that one joined.
 */
async function invitationLive(tx: Executor, invitationId: number, now: number): Promise<boolean> {
  const sql = 'SELECT id FROM team_invitations WHERE id = ? AND expires_at > ?';
  return (await tx.get(tx.engine === 'postgres' ? `${sql} FOR UPDATE` : sql, [invitationId, now])) !== undefined;
}

/** Teams, members and invitations: one object over the three groups below. */
export function teamMemberQueries(db: Executor) {
  return { ...teamQueries(db), ...memberQueries(db), ...invitationQueries(db) };
}

/** The teams a user belongs to, and a shared team's own changes. */
function teamQueries(db: Executor) {
  return {
    async teamsOf(userId: number): Promise<TeamRow[]> {
      const rows = await db.all<TeamRow>(
        `${TEAMS_OF_SQL} ORDER BY (t.personal_user_id IS NULL), t.id`,
        [userId],
        TEAM_SHAPE,
      );
      return rows.map((row) => ({ ...numbered(row), members: Number(row.members), links: Number(row.links) }));
    },
    async teamOf(userId: number, teamId: number): Promise<TeamRow | undefined> {
      const row = await db.get<TeamRow>(`${TEAMS_OF_SQL} AND t.id = ?`, [userId, teamId], TEAM_SHAPE);
      return row && { ...numbered(row), members: Number(row.members), links: Number(row.links) };
    },
    /** A new shared team owned by `userId`; 'limit' past `maxTeams`. Throws UniqueViolation('slug'). */
    create(
      userId: number,
      team: { name: string; slug: string },
      now: number,
      maxTeams: number,
      afterWrite?: AfterWrite<number>,
    ) {
      return db.transaction(async (tx): Promise<number | 'limit'> => {
        if (tx.engine === 'postgres') await tx.get('SELECT id FROM users WHERE id = ? FOR UPDATE', [userId]);
        if ((await sharedTeamsOf(tx, userId)) >= maxTeams) return 'limit';
        await holdAddress(tx, team.slug, 'slug', null);
        const made = await tx.get<{ id: number }>(
          'INSERT INTO teams (name, slug, personal_user_id, created_at) VALUES (?, ?, NULL, ?) RETURNING id',
          [team.name, team.slug, now],
        );
        const id = Number(made!.id);
        await tx.run(
          "INSERT INTO team_members (team_id, user_id, role, own_links_only, domains, joined_at) VALUES (?, ?, 'owner', ?, NULL, ?)",
          [id, userId, false, now],
        );
        await afterWrite?.(tx, id);
        return id;
      });
    },
    /**
     * Throws UniqueViolation('slug'). The team's hub follows its slug (docs/api.md#domains-and-hubs-of-a-team);
     * `now` marks the hub changed, so every instance reads its directory again.
     */
    async rename(
      teamId: number,
      team: { name: string; slug: string },
      afterWrite?: AfterWrite<void>,
      now = Date.now(),
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await holdAddress(tx, team.slug, 'slug', teamId);
        const sql = 'UPDATE teams SET name = ?, slug = ? WHERE id = ? AND personal_user_id IS NULL';
        if ((await tx.run(sql, [team.name, team.slug, teamId])) === 0) return;
        const hubSql = 'UPDATE hubs SET handle = ?, updated_at = ? WHERE team_id = ? AND handle <> ?';
        await tx.run(hubSql, [team.slug, now, teamId, team.slug]);
        await afterWrite?.(tx, undefined);
      });
    },
    /** The team whose slug this is, if any (a hub handle may not be another team's slug). */
    async slugHolder(slug: string): Promise<number | undefined> {
      const row = await db.get<{ id: number }>('SELECT id FROM teams WHERE slug = ?', [slug]);
      return row === undefined ? undefined : Number(row.id);
    },
    /** Deletes a shared team and everything it owns (its links with their clicks, webhooks, keys). */
    async remove(teamId: number, afterWrite?: AfterWrite<void>): Promise<void> {
      await db.transaction(async (tx) => {
        await afterWrite?.(tx, undefined);
        await deleteLinksWhere(tx, 'team_id = ?', [teamId]);
        await tx.run('DELETE FROM teams WHERE id = ? AND personal_user_id IS NULL', [teamId]);
      });
    },
    async slugTaken(slug: string): Promise<boolean> {
      const hub = await db.get('SELECT 1 AS n FROM hubs WHERE handle = ?', [slug]);
      return hub !== undefined || (await db.get('SELECT 1 AS n FROM teams WHERE slug = ?', [slug])) !== undefined;
    },
  };
}

/** A team's members and the changes to them, each keeping the team an owner. */
function memberQueries(db: Executor) {
  return {
    async members(teamId: number): Promise<MemberRow[]> {
      const rows = await db.all<MemberRow>(
        `SELECT m.user_id, u.name, u.email, m.role, m.own_links_only, m.domains, m.joined_at
         FROM team_members m JOIN users u ON u.id = m.user_id WHERE m.team_id = ? ORDER BY m.joined_at, m.user_id`,
        [teamId],
        MEMBER_SHAPE,
      );
      return rows.map((row) => ({ ...row, user_id: Number(row.user_id), joined_at: Number(row.joined_at) }));
    },
    /** Changes the fields `change` has (a partial change); 'last-owner' (nothing written) when it would leave no owner. */
    changeMember(teamId: number, userId: number, change: Partial<Membership>, afterWrite?: AfterWrite<Membership>) {
      return db.transaction(async (tx): Promise<'changed' | 'missing' | 'last-owner'> => {
        const owners = await ownersOf(tx, teamId);
        const now = await tx.get<Membership>(
          'SELECT role, own_links_only, domains FROM team_members WHERE team_id = ? AND user_id = ?',
          [teamId, userId],
          MEMBER_SHAPE,
        );
        if (!now) return 'missing';
        const membership = { ...now, ...change };
        if (now.role === 'owner' && membership.role !== 'owner' && owners <= 1) return 'last-owner';
        await tx.run(
          'UPDATE team_members SET role = ?, own_links_only = ?, domains = ? WHERE team_id = ? AND user_id = ?',
          [membership.role, membership.own_links_only, membership.domains, teamId, userId],
        );
        await afterWrite?.(tx, now);
        return 'changed';
      });
    },
    /** Removes a member and their keys of the team (`afterWrite` told which); 'last-owner': nothing written. */
    removeMember(teamId: number, userId: number, afterWrite?: AfterWrite<GoneKey[]>) {
      return db.transaction(async (tx): Promise<'removed' | 'missing' | 'last-owner'> => {
        const owners = await ownersOf(tx, teamId);
        const now = await tx.get<{ role: TeamRole }>(
          'SELECT role FROM team_members WHERE team_id = ? AND user_id = ?',
          [teamId, userId],
        );
        if (!now) return 'missing';
        if (now.role === 'owner' && owners <= 1) return 'last-owner';
        await tx.run('DELETE FROM team_members WHERE team_id = ? AND user_id = ?', [teamId, userId]);
        await afterWrite?.(tx, await deleteMemberKeys(tx, teamId, userId));
        return 'removed';
      });
    },
  };
}

/** A team's invitations: stored, found by token, and used to join. */
function invitationQueries(db: Executor) {
  return {
    async invitations(teamId: number, now: number): Promise<InvitationRow[]> {
      const rows = await db.all<InvitationRow>(
        `SELECT id, team_id, email, role, own_links_only, domains, expires_at FROM team_invitations
         WHERE team_id = ? AND expires_at > ? ORDER BY id`,
        [teamId, now],
        MEMBER_SHAPE,
      );
      return rows.map((row) => ({
        ...numbered(row),
        team_id: Number(row.team_id),
        expires_at: Number(row.expires_at),
      }));
    },
    /** Stores an invitation, cancelling an older one for the same email and team. */
    async invite(
      teamId: number,
      invitation: Membership & { email: string; token_hash: string; invited_by: number | null },
      now: number,
      expiresAt: number,
      afterWrite?: AfterWrite<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.run('DELETE FROM team_invitations WHERE team_id = ? AND email = ?', [teamId, invitation.email]);
        await tx.run(
          `INSERT INTO team_invitations (team_id, email, role, own_links_only, domains, token_hash, invited_by,
             created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            teamId,
            invitation.email,
            invitation.role,
            invitation.own_links_only,
            invitation.domains,
            invitation.token_hash,
            invitation.invited_by,
            now,
            expiresAt,
          ],
        );
        await afterWrite?.(tx, undefined);
      });
    },
    async invitationByToken(tokenHash: string, now: number): Promise<InvitationRow | undefined> {
      const row = await db.get<InvitationRow>(
        `SELECT id, team_id, email, role, own_links_only, domains, expires_at FROM team_invitations
         WHERE token_hash = ? AND expires_at > ?`,
        [tokenHash, now],
        MEMBER_SHAPE,
      );
      return row && { ...numbered(row), team_id: Number(row.team_id), expires_at: Number(row.expires_at) };
    },
    /**
     * Uses the invitation (single use) to make `userId` a member, in one transaction: it is used up
     * only with the membership it makes; a refused join leaves it as it was; older keys of theirs there go.
     */
    join(invitation: InvitationRow, userId: number, now: number, maxTeams: number, afterWrite?: AfterWrite<GoneKey[]>) {
      return db.transaction(async (tx): Promise<JoinOutcome> => {
        if (tx.engine === 'postgres') await tx.get('SELECT id FROM users WHERE id = ? FOR UPDATE', [userId]);
        if (!(await invitationLive(tx, invitation.id, now))) return 'gone';
        const already = await tx.get('SELECT 1 AS n FROM team_members WHERE team_id = ? AND user_id = ?', [
          invitation.team_id,
          userId,
        ]);
        if (already) return 'member';
        if ((await sharedTeamsOf(tx, userId)) >= maxTeams) return 'limit';
        await tx.run('DELETE FROM team_invitations WHERE id = ?', [invitation.id]);
        await tx.run(
          `INSERT INTO team_members (team_id, user_id, role, own_links_only, domains, joined_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
          [invitation.team_id, userId, invitation.role, invitation.own_links_only, invitation.domains, now],
        );
        await afterWrite?.(tx, await deleteMemberKeys(tx, invitation.team_id, userId));
        return 'joined';
      });
    },
  };
}

export type TeamMemberQueries = ReturnType<typeof teamMemberQueries>;
