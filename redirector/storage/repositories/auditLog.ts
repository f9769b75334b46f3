/**
 * The audit log's rows (docs/api.md#audit-log): written by `insertAuditEntries` with the handle of
 * the transaction that makes the change (so an entry exists exactly when its change does), read a
 * page or a batch at a time, pruned after AUDIT_RETENTION_DAYS.
 */
import {
  type AuditActor,
  type AuditActorFilter,
  type AuditChanges,
  type AuditTarget,
  auditEntryCells,
} from '../../contract/audit';
import type { Executor, RowShape, SqlParam } from '../executor';

/** An entry to write; `team_id` null: the administrator's own things, or a team that is gone. */
export interface NewAuditEntry {
  at: number;
  team_id: number | null;
  actor: AuditActor;
  action: string;
  target: AuditTarget;
  changes: AuditChanges;
}

/** A stored entry, as its row reads. */
export interface AuditRow {
  id: number;
  at: number;
  team_id: number | null;
  actor_type: AuditActor['type'];
  actor_id: number | null;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string | null;
  target_label: string;
  changes: AuditChanges;
}

const SHAPE: RowShape = { json: ['changes'] };
const COLUMNS =
  'id, at, team_id, actor_type, actor_id, actor_name, action, target_type, target_id, target_label, changes';
const INSERT_COLUMNS =
  'at, team_id, actor_type, actor_id, actor_name, action, target_type, target_id, target_label, changes';
/** Ten parameters a row: 500 rows a statement, far below either engine's limit. */
const ROWS_PER_INSERT = 500;

/** Writes the entries with `tx`, the transaction of the change they record. */
export async function insertAuditEntries(tx: Executor, entries: readonly NewAuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += ROWS_PER_INSERT) {
    const batch = entries.slice(start, start + ROWS_PER_INSERT);
    const params = batch.flatMap((entry): SqlParam[] => [...auditEntryCells(entry)]);
    const rows = batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
    await tx.run(`INSERT INTO audit_log (${INSERT_COLUMNS}) VALUES ${rows}`, params);
  }
}

/** Which entries a list or an export holds. */
export interface AuditFilter {
  /** A team's id; undefined: every team's and the administrator's own. */
  teamId?: number;
  /** [start, end) in epoch ms. */
  start?: number;
  end?: number;
  actor?: AuditActorFilter;
  /** `link.created`, or `link` for every action on links. */
  action?: string;
}

function whereOf(filter: AuditFilter): { sql: string; params: SqlParam[] } {
  const parts: string[] = [];
  const params: SqlParam[] = [];
  const add = (sql: string, ...values: SqlParam[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (filter.teamId !== undefined) add('team_id = ?', filter.teamId);
  if (filter.start !== undefined) add('at >= ?', filter.start);
  if (filter.end !== undefined) add('at < ?', filter.end);
  const actor = filter.actor;
  if (actor?.type === 'admin') add("actor_type = 'admin'");
  else if (actor?.type === 'key') add("actor_type = 'key' AND actor_id = ?", actor.id);
  else if (actor) add("actor_type IN ('user', 'sso') AND actor_id = ?", actor.id);
  if (filter.action?.includes('.')) add('action = ?', filter.action);
  else if (filter.action) add('target_type = ?', filter.action);
  return { sql: parts.length === 0 ? '' : `WHERE ${parts.join(' AND ')}`, params };
}

export interface AuditRepository {
  /** Newest first, with how many match. */
  page(filter: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }>;
  /** Up to `limit` matching entries with ids below `beforeId`, newest first (the export walks them this way). */
  batchBefore(filter: AuditFilter, beforeId: number, limit: number): Promise<AuditRow[]>;
  /** Deletes at most `rows` entries made before `cutoff`; how many it deleted. */
  prune(cutoff: number, rows: number): Promise<number>;
  /** The id of the team `ref` names (an id or a slug), whoever is in it: the administrator's filter. */
  teamIdOf(ref: string): Promise<number | undefined>;
}

export function createAuditRepository(db: Executor): AuditRepository {
  return {
    async page(filter, limit, offset) {
      const where = whereOf(filter);
      const [rows, total] = await Promise.all([
        db.all<AuditRow>(
          `SELECT ${COLUMNS} FROM audit_log ${where.sql} ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`,
          [...where.params, limit, offset],
          SHAPE,
        ),
        db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM audit_log ${where.sql}`, where.params),
      ]);
      return { rows, total: Number(total!.n) };
    },
    batchBefore(filter, beforeId, limit) {
      const where = whereOf(filter);
      const sql = where.sql === '' ? 'WHERE id < ?' : `${where.sql} AND id < ?`;
      return db.all<AuditRow>(
        `SELECT ${COLUMNS} FROM audit_log ${sql} ORDER BY id DESC LIMIT ?`,
        [...where.params, beforeId, limit],
        SHAPE,
      );
    },
    prune: (cutoff, rows) =>
      db.run('DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE at < ? ORDER BY at LIMIT ?)', [
        cutoff,
        rows,
      ]),
    async teamIdOf(ref) {
      const id = /^\d{1,15}$/.test(ref) ? Number(ref) : 0;
      const row = await db.get<{ id: number }>('SELECT id FROM teams WHERE id = ? OR slug = ?', [
        id,
        ref.toLowerCase(),
      ]);
      return row && Number(row.id);
    },
  };
}
