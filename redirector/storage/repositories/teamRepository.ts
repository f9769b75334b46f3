/**
 * Teams and memberships (docs/api.md#teams): which team a call acts in and the caller's place in it,
 * read in one indexed query per call. The scope itself (auth/scope.ts) decides what that place
 * allows; this file only reads and writes the rows.
 */
import type { TeamAccess } from '../../auth/scope';
import type { AdminTeam, TeamRole } from '../../contract/teams';
import type { AfterWrite, Executor, RowShape } from '../executor';
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

/**
 * A team named by its id or its slug: a ref of digits only is an id (a slug has a letter or a dash;
 * one of digits only, made before they were refused, is named by its id), so a ref names one team.
 */
const BY_REF_SQL = `SELECT ${ACCESS_COLUMNS} FROM teams t JOIN team_members m ON m.team_id = t.id AND m.user_id = ?
  WHERE t.id = ? OR t.slug = ?`;
const BY_ID_SQL = `SELECT ${ACCESS_COLUMNS} FROM teams t JOIN team_members m ON m.team_id = t.id AND m.user_id = ?
  WHERE t.id = ?`;

/** Every shared team with its counts and owners, newest first (the administrator's list). */
const ALL_SHARED_SQL = `
  SELECT t.id, t.name, t.slug, t.created_at,
    (SELECT COUNT(*) FROM team_members x WHERE x.team_id = t.id) AS members,
    (SELECT COUNT(*) FROM links l WHERE l.team_id = t.id) AS links
  FROM teams t WHERE t.personal_user_id IS NULL ORDER BY t.id DESC LIMIT ?`;
const OWNERS_SQL = `SELECT m.team_id, u.name FROM team_members m JOIN users u ON u.id = m.user_id
  WHERE m.role = 'owner' AND m.team_id IN (SELECT t.id FROM teams t WHERE t.personal_user_id IS NULL) ORDER BY u.name`;

/** A shared team as the administrator's list answers it (AdminTeam), with its creation time as stored. */
export type SharedTeamRow = Omit<AdminTeam, 'created_at'> & { created_at: number };

/** The id a ref names (0: none) and the slug (null: none, for a ref of digits only). */
function refParts(ref: string): { id: number; slug: string | null } {
  if (/^\d+$/.test(ref)) return { id: /^\d{1,15}$/.test(ref) ? Number(ref) : 0, slug: null };
  return { id: 0, slug: ref.toLowerCase() };
}

function toAccess(row: AccessRow): TeamAccess {
  return {
    id: Number(row.id),
    personalUserId: row.personal_user_id === null ? null : Number(row.personal_user_id),
    role: row.role,
    ownLinksOnly: row.own_links_only,
    domains: row.domains,
  };
}

/** A team as the administrator names it, and the slug its hub lives at (null: a personal team). */
export interface TeamRef {
  id: number;
  personal_user_id: number | null;
  slug: string | null;
}

export interface TeamRepository extends TeamMemberQueries {
  /**
   * The user's place in the team `ref` names (an id or a slug); undefined when the user is not a
   * member or there is no such team (the same answer: a team's existence is not revealed).
   */
  access(userId: number, ref: string): Promise<TeamAccess | undefined>;
  /** The user's place in team `teamId` (an API key's own team); undefined once they left it. */
  accessById(userId: number, teamId: number): Promise<TeamAccess | undefined>;
  /** Every shared team (at most `limit`, newest first), for the administrator. */
  allShared(limit: number): Promise<SharedTeamRow[]>;
  /** The team `ref` names (an id or a slug), whoever is in it: the administrator acting on it. */
  byRef(ref: string): Promise<TeamRef | undefined>;
  /** Cancels an open invitation of the team; its email, or undefined when there is none. */
  cancelInvitation(teamId: number, id: number, afterWrite?: AfterWrite<string>): Promise<string | undefined>;
  /** A team's name (an invitation's team, for the join page). */
  nameOf(teamId: number): Promise<string | undefined>;
}

export function createTeamRepository(db: Executor): TeamRepository {
  return {
    ...teamMemberQueries(db),
    async access(userId, ref) {
      const { id, slug } = refParts(ref);
      const row = await db.get<AccessRow>(BY_REF_SQL, [userId, id, slug], ACCESS_SHAPE);
      return row && toAccess(row);
    },
    async accessById(userId, teamId) {
      const row = await db.get<AccessRow>(BY_ID_SQL, [userId, teamId], ACCESS_SHAPE);
      return row && toAccess(row);
    },
    async byRef(ref) {
      const { id, slug } = refParts(ref);
      const row = await db.get<TeamRef>('SELECT id, personal_user_id, slug FROM teams WHERE id = ? OR slug = ?', [
        id,
        slug,
      ]);
      const personal = row?.personal_user_id ?? null;
      return (
        row && { id: Number(row.id), personal_user_id: personal === null ? null : Number(personal), slug: row.slug }
      );
    },
    cancelInvitation(teamId, id, afterWrite) {
      return db.transaction(async (tx) => {
        const gone = await tx.get<{ email: string }>(
          'DELETE FROM team_invitations WHERE id = ? AND team_id = ? RETURNING email',
          [id, teamId],
        );
        if (gone) await afterWrite?.(tx, gone.email);
        return gone?.email;
      });
    },
    async nameOf(teamId) {
      return (await db.get<{ name: string }>('SELECT name FROM teams WHERE id = ?', [teamId]))?.name;
    },
    async allShared(limit) {
      const rows = await db.all<Omit<SharedTeamRow, 'owners'>>(ALL_SHARED_SQL, [limit]);
      const owners = await db.all<{ team_id: number; name: string }>(OWNERS_SQL, []);
      return rows.map((row) => ({
        ...row,
        id: Number(row.id),
        created_at: Number(row.created_at),
        members: Number(row.members),
        links: Number(row.links),
        owners: owners.filter((owner) => Number(owner.team_id) === Number(row.id)).map((owner) => owner.name),
      }));
    },
  };
}
