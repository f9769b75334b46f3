/**
 * The audit log (docs/api.md#audit-log): what every change records, and the rules of its list's
 * query that both sides apply. Pure.
 */

import { guardCell } from './csvCells';
import { parseUserListQuery } from './lists';

export const AUDIT_ACTOR_TYPES = ['user', 'key', 'admin', 'cli', 'sso'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** Who made a change: a user (id, name), an API key (its id and name), the administrator, the CLI. */
export interface AuditActor {
  type: AuditActorType;
  id: number | null;
  name: string;
}

/** What a change was made to: `link` 12 "promo", `member` 7 "ann@example.com". */
export interface AuditTarget {
  type: string;
  id: string | null;
  label: string;
}

/** Each changed field: [before, after]; a secret shows only as SECRET_CHANGED. */
export type AuditChanges = Record<string, [unknown, unknown]>;

/** An audit entry as the API answers it. */
export interface AuditEntry {
  id: number;
  /** ISO 8601 UTC. */
  at: string;
  team_id: number | null;
  actor: AuditActor;
  /** `<target>.<verb>`: `link.created`, `member.role_changed`. */
  action: string;
  target: AuditTarget;
  changes: AuditChanges;
}

/** Answer of GET /api/audit. */
export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  per_page: number;
}

/** What a password, secret, token or key shows in `changes`, never its value. */
export const SECRET_CHANGED = '(changed)';

/** Kept this many days by default (AUDIT_RETENTION_DAYS). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
export const MAX_AUDIT_RETENTION_DAYS = 36_500;

/** The columns of GET /api/audit/export, in order. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'team_id',
  'actor_type',
  'actor_id',
  'actor_name',
  'action',
  'target_type',
  'target_id',
  'target_label',
  'changes',
] as const;

/** An entry's fields after its id, in the order of AUDIT_CSV_COLUMNS (the stored row's, too). */
export function auditEntryCells<At, Changes>(entry: {
  at: At;
  team_id: number | null;
  actor: AuditActor;
  action: string;
  target: AuditTarget;
  changes: Changes;
}) {
  const { actor, target } = entry;
  return [
    entry.at,
    entry.team_id,
    actor.type,
    actor.id,
    actor.name,
    entry.action,
    target.type,
    target.id,
    target.label,
    entry.changes,
  ] as const;
}

/** An entry as a row of the CSV export (AUDIT_CSV_COLUMNS), each cell guarded against formulas. */
export function auditCsvRow(entry: AuditEntry): string[] {
  const cells = [entry.id, ...auditEntryCells({ ...entry, changes: JSON.stringify(entry.changes) })];
  return cells.map((cell) => guardCell(cell === null ? '' : String(cell)));
}

/** `?actor=`: a user id, `key:<id>` or `admin`. */
export type AuditActorFilter = { type: 'user'; id: number } | { type: 'key'; id: number } | { type: 'admin' };

export interface AuditListQuery {
  actor?: AuditActorFilter;
  /** An action (`link.created`) or a target's every action (`link`). */
  action?: string;
  page: number;
  per_page: number;
}

export const AUDIT_ACTOR_RULE = 'actor must be a user id, key:<id> or admin';
export const AUDIT_ACTION_RULE = 'action must be like link.created or link (letters, digits, _ and one dot)';

type Params = Readonly<Record<string, string | undefined>>;

function parseActor(value: string): AuditActorFilter | undefined {
  if (value === 'admin') return { type: 'admin' };
  const match = /^(key:)?([1-9][0-9]{0,14})$/.exec(value);
  if (!match) return undefined;
  return { type: match[1] ? 'key' : 'user', id: Number(match[2]) };
}

/** Reads `actor, action, page, per_page` (absent or '' → none, defaults); a bad value → an error for a person. */
export function parseAuditListQuery(
  params: Params,
): { ok: true; query: AuditListQuery } | { ok: false; error: string } {
  const paged = parseUserListQuery({ page: params.page, per_page: params.per_page });
  if (!paged.ok) return paged;
  const query: AuditListQuery = { page: paged.query.page, per_page: paged.query.per_page };
  const actor = params.actor?.trim() ?? '';
  if (actor !== '') {
    const parsed = parseActor(actor);
    if (!parsed) return { ok: false, error: AUDIT_ACTOR_RULE };
    query.actor = parsed;
  }
  const action = params.action?.trim() ?? '';
  if (action !== '') {
    if (!/^[a-z_]{1,40}(\.[a-z_]{1,40})?$/.test(action)) return { ok: false, error: AUDIT_ACTION_RULE };
    query.action = action;
  }
  return { ok: true, query };
}
