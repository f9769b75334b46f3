/**
 * Links moved to another team (docs/api.md#moving-links-to-another-team), all in one transaction:
 * each link's team, owner, domain and last changer; the hub items that showed it on the hub of the
 * team it leaves; the target team's link limit counted again under the team row's lock; and the
 * caller's `afterWrite` (the audit entries of both teams). Whatever throws, nothing is kept.
 */
import { LinkLimitReached } from '../errors';
import { type AfterWrite, columnList, type Executor } from '../executor';
import type { LinkRecord } from '../records';
import { LINK_COLUMNS, LINK_SHAPE } from './columns';
import { TEAM_OWNER_SET } from './scopeFilter';

/** One link to move: where it is now (its team, null: the administrator's own) and its domain there. */
export interface LinkTeamMove {
  id: number;
  fromTeamId: number | null;
  domain: string | null;
}

/** Where the links go and who moves them. */
export interface TeamMoveTarget {
  teamId: number;
  /** The user of the target team when it is a personal team (links.user_id), else null. */
  userId: number | null;
  updatedBy: number | null;
  updatedByKey: string | null;
  /** The target team's link limit (MAX_LINKS_PER_TEAM). */
  maxLinks: number;
}

/** The repository's call: moveLinksToTeam on the store's own database. */
export type MoveLinksToTeam = (
  moves: readonly LinkTeamMove[],
  target: TeamMoveTarget,
  afterWrite: AfterWrite<readonly (LinkRecord | undefined)[]>,
) => Promise<(LinkRecord | undefined)[]>;

const MOVE_SQL = `
  UPDATE links SET ${TEAM_OWNER_SET}, domain = ?, updated_by = ?, updated_by_key = ?
  WHERE id = ? AND COALESCE(team_id, 0) = ? RETURNING ${columnList(LINK_COLUMNS)}`;

/**
 * Moves the links; each row as stored, or undefined for a link no longer where it was read (deleted
 * or moved meanwhile: `afterWrite` decides, and throwing undoes the rest). Throws LinkLimitReached
 * when the target team would pass its limit; UniqueViolation('short_code') when a code is taken on
 * a domain meanwhile.
 */
export function moveLinksToTeam(
  db: Executor,
  moves: readonly LinkTeamMove[],
  target: TeamMoveTarget,
  afterWrite: AfterWrite<readonly (LinkRecord | undefined)[]>,
): Promise<(LinkRecord | undefined)[]> {
  return db.transaction(async (tx) => {
    // Two moves or creates at the limit must not both pass: PostgreSQL queues them on the team's
    // row; SQLite's transactions already run one at a time (BEGIN IMMEDIATE).
    if (tx.engine === 'postgres') await tx.get('SELECT id FROM teams WHERE id = ? FOR UPDATE', [target.teamId]);
    const owned = await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM links WHERE team_id = ?', [target.teamId]);
    if (Number(owned!.n) + moves.length > target.maxLinks) throw new LinkLimitReached(target.maxLinks);
    const rows: (LinkRecord | undefined)[] = [];
    for (const move of moves) {
      const by = [target.teamId, target.userId, move.domain, target.updatedBy, target.updatedByKey];
      rows.push(await tx.get<LinkRecord>(MOVE_SQL, [...by, move.id, move.fromTeamId ?? 0], LINK_SHAPE));
      // The hub of the team the link leaves no longer shows it.
      await tx.run('DELETE FROM hub_items WHERE link_id = ? AND team_id <> ?', [move.id, target.teamId]);
    }
    await afterWrite(tx, rows);
    return rows;
  });
}
