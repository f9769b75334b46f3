/**
 * Teams and memberships (docs/api.md#teams): which team a call acts in and the caller's place in it,
 * read in one indexed query per call. The scope itself (auth/scope.ts) decides what that place
 * allows; this file only reads and writes the rows.
 */
import type { TeamAccess } from '../../auth/scope';
import type { TeamRole } from '../../contract/teams';
import type { Executor, RowShape } from '../executor';
import { type TeamMemberQueries, teamMemberQueries } from './teamMembers';

interface AccessRow {
  id: number;
  personal_user_id: number | null;
  role: TeamRole;
  own_links_only: boolean;
  domains: string[] | null;
}

const ACCESS_SHAPE: RowShape = { booleans: ['own_links_only'], json: ['domains'] };

const ACCESS_COLUMNS = 't.id, t.personal_user_id, m.role, m.own_links_only, m.domains';

/** A team named by its id or its slug (an id is all digits; a slug has a letter or a dash). */
const BY_REF_SQL = `SELECT ${ACCESS_COLUMNS} FROM teams t JOIN team_members m ON m.team_id = t.id AND m.user_id = ?
  WHERE t.id = ? OR t.slug = ?`;
const BY_ID_SQL = `SELECT ${ACCESS_COLUMNS} FROM teams t JOIN team_members m ON m.team_id = t.id AND m.user_id = ?
  WHERE t.id = ?`;

function toAccess(row: AccessRow): TeamAccess {
  return {
    id: Number(row.id),
    personalUserId: row.personal_user_id === null ? null : Number(row.personal_user_id),
    role: row.role,
    ownLinksOnly: row.own_links_only,
    domains: row.domains,
  };
}

export interface TeamRepository extends TeamMemberQueries {
  /**
   * The user's place in the team `ref` names (an id or a slug); undefined when the user is not a
   * member or there is no such team (the same answer: a team's existence is not revealed).
   */
  access(userId: number, ref: string): Promise<TeamAccess | undefined>;
  /** The user's place in team `teamId` (an API key's own team); undefined once they left it. */
  accessById(userId: number, teamId: number): Promise<TeamAccess | undefined>;
}

export function createTeamRepository(db: Executor): TeamRepository {
  return {
    ...teamMemberQueries(db),
    async access(userId, ref) {
      const id = /^\d{1,15}$/.test(ref) ? Number(ref) : 0;
      const row = await db.get<AccessRow>(BY_REF_SQL, [userId, id, ref.toLowerCase()], ACCESS_SHAPE);
      return row && toAccess(row);
    },
    async accessById(userId, teamId) {
      const row = await db.get<AccessRow>(BY_ID_SQL, [userId, teamId], ACCESS_SHAPE);
      return row && toAccess(row);
    },
  };
}
