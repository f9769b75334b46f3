/**
 * Team memberships kept by single sign-on (docs/api.md#team-roles-from-groups): the shared teams
 * OIDC_TEAM_GROUPS names, a user's roles in them, and a member added or given another role, each
 * in one transaction that keeps the team an owner and the user within MAX_TEAMS_PER_USER. Removing
 * a member is the teams' own `removeMember`.
 */
import type { TeamRole } from '../../contract/teams';
import type { AfterWrite, Executor } from '../executor';
import { ownersOf, sharedTeamsOf } from './teamMembers';

export interface NamedTeam {
  id: number;
  slug: string;
  name: string;
}

export interface SsoTeamMemberships {
  /** The shared teams among `slugs` (personal teams have no slug). */
  sharedTeams(slugs: readonly string[]): Promise<NamedTeam[]>;
  /** The user's role in each of `teamIds` they belong to. */
  rolesIn(userId: number, teamIds: readonly number[]): Promise<Map<number, TeamRole>>;
  /** Adds the user with `role` and no restrictions; 'limit' past `maxTeams`, 'member' when already one. */
  addMember(
    teamId: number,
    userId: number,
    role: TeamRole,
    now: number,
    maxTeams: number,
    afterWrite?: AfterWrite<void>,
  ): Promise<'added' | 'limit' | 'member'>;
  /**
   * Gives a member another role, keeping their restrictions; 'last-owner' (nothing written) when it
   * would leave the team without an owner. `afterWrite` gets the role before.
   */
  setRole(
    teamId: number,
    userId: number,
    role: TeamRole,
    afterWrite?: AfterWrite<TeamRole>,
  ): Promise<'changed' | 'same' | 'missing' | 'last-owner'>;
}

const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

export function createSsoTeamMemberships(db: Executor): SsoTeamMemberships {
  return {
    async sharedTeams(slugs) {
      if (slugs.length === 0) return [];
      const rows = await db.all<NamedTeam>(
        `SELECT id, slug, name FROM teams WHERE personal_user_id IS NULL AND slug IN (${placeholders(slugs.length)})`,
        [...slugs],
      );
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    },
    async rolesIn(userId, teamIds) {
      if (teamIds.length === 0) return new Map();
      const rows = await db.all<{ team_id: number; role: TeamRole }>(
        `SELECT team_id, role FROM team_members WHERE user_id = ? AND team_id IN (${placeholders(teamIds.length)})`,
        [userId, ...teamIds],
      );
      return new Map(rows.map((row) => [Number(row.team_id), row.role]));
    },
    addMember(teamId, userId, role, now, maxTeams, afterWrite) {
      return db.transaction(async (tx) => {
        if (tx.engine === 'postgres') await tx.get('SELECT id FROM users WHERE id = ? FOR UPDATE', [userId]);
        const already = await tx.get('SELECT 1 AS n FROM team_members WHERE team_id = ? AND user_id = ?', [
          teamId,
          userId,
        ]);
        if (already) return 'member' as const;
        if ((await sharedTeamsOf(tx, userId)) >= maxTeams) return 'limit' as const;
        await tx.run(
          `INSERT INTO team_members (team_id, user_id, role, own_links_only, domains, joined_at)
           VALUES (?, ?, ?, ?, NULL, ?)`,
          [teamId, userId, role, false, now],
        );
        await afterWrite?.(tx, undefined);
        return 'added' as const;
      });
    },
    setRole(teamId, userId, role, afterWrite) {
      return db.transaction(async (tx) => {
        const owners = await ownersOf(tx, teamId);
        const now = await tx.get<{ role: TeamRole }>(
          'SELECT role FROM team_members WHERE team_id = ? AND user_id = ?',
          [teamId, userId],
        );
        if (!now) return 'missing' as const;
        if (now.role === role) return 'same' as const;
        if (now.role === 'owner' && owners <= 1) return 'last-owner' as const;
        await tx.run('UPDATE team_members SET role = ? WHERE team_id = ? AND user_id = ?', [role, teamId, userId]);
        await afterWrite?.(tx, now.role);
        return 'changed' as const;
      });
    },
  };
}
