/**
 * Reading the audit log (docs/api.md#audit-log): a team's owners read their team's entries; the
 * administrator reads every team's, or one team's with `team`. Pages newest first, the CSV export
 * streamed a batch at a time, and the entries older than AUDIT_RETENTION_DAYS pruned in the
 * background.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Scope } from '../auth/scope';
import { type Background, runInBackground, SHARED_LOOP_JITTER } from '../background';
import type { AuditEntry, AuditListQuery, AuditPage } from '../contract/audit';
import { AUDIT_CSV_COLUMNS, auditCsvRow } from '../contract/audit';
import { roleAllows, roleMissing, TEAM_NOT_FOUND } from '../contract/teams';
import { notFoundRule, RuleError } from '../ruleError';
import type { AuditFilter, AuditRow } from '../storage/repositories/auditLog';
import type { Store } from '../storage/store';

const DAY_MS = 86_400_000;
/** Entries per query of an export. */
const EXPORT_BATCH = 1_000;

/** What a list or an export asks for: the query's filters, the team named, the range as instants. */
export interface AuditRequest {
  query: AuditListQuery;
  /** `?team=` or `X-Team` of the administrator (an id or a slug); a member's team is their scope's. */
  teamRef?: string;
  range?: { start: number; end: number };
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: new Date(Number(row.at)).toISOString(),
    team_id: row.team_id === null ? null : Number(row.team_id),
    actor: { type: row.actor_type, id: row.actor_id === null ? null : Number(row.actor_id), name: row.actor_name },
    action: row.action,
    target: { type: row.target_type, id: row.target_id, label: row.target_label },
    changes: row.changes,
  };
}

export function createAuditService(store: Pick<Store, 'audit'>) {
  /** The entries the scope may read: its team's (owners), or the administrator's choice. */
  async function filterOf(scope: Scope, request: AuditRequest): Promise<AuditFilter> {
    const { actor, action } = request.query;
    const filter: AuditFilter = { actor, action, start: request.range?.start, end: request.range?.end };
    if (scope.reach === 'all') {
      if (request.teamRef === undefined) return filter;
      const teamId = await store.audit.teamIdOf(request.teamRef);
      if (teamId === undefined) throw notFoundRule(TEAM_NOT_FOUND);
      return { ...filter, teamId };
    }
    if (!scope.team) throw notFoundRule(TEAM_NOT_FOUND);
    if (!roleAllows(scope.team.role, 'manage')) throw new RuleError(403, roleMissing(scope.team.role, 'manage'));
    return { ...filter, teamId: scope.team.id };
  }

  async function* batches(filter: AuditFilter): AsyncGenerator<string[]> {
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const rows = await store.audit.batchBefore(filter, before, EXPORT_BATCH);
      for (const row of rows) yield auditCsvRow(toAuditEntry(row));
      if (rows.length < EXPORT_BATCH) return;
      before = Number(rows.at(-1)!.id);
    }
  }

  return {
    async page(scope: Scope, request: AuditRequest): Promise<AuditPage> {
      const { page, per_page } = request.query;
      const filter = await filterOf(scope, request);
      const { rows, total } = await store.audit.page(filter, per_page, (page - 1) * per_page);
      return { entries: rows.map(toAuditEntry), total, page, per_page };
    },
    /** The export's rows and its CSV text (pipe them together); the guards run before the first byte. */
    async exportCsv(scope: Scope, request: AuditRequest) {
      const filter = await filterOf(scope, request);
      const csv = stringify({
        header: true,
        columns: [...AUDIT_CSV_COLUMNS],
        record_delimiter: 'windows',
        quoted_match: /[\r\n,"]/,
      });
      return { rows: Readable.from(batches(filter)), csv };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

/**
 * AUDIT_RETENTION_DAYS: entries older than that are deleted, 1,000 at a time, every 10 minutes
 * (sooner while more remain), on the service's background loop.
 */
export function pruneAuditInBackground(
  store: Pick<Store, 'audit'>,
  days: number,
  clock: () => number,
): Background<number> {
  const chunk = 1_000;
  return runInBackground(() => store.audit.prune(clock() - days * DAY_MS, chunk), {
    what: 'deleting audit entries older than AUDIT_RETENTION_DAYS',
    everyMs: 10 * 60_000,
    firstAfterMs: 1_000,
    jitter: SHARED_LOOP_JITTER,
    nextAfterMs: (deleted) => (deleted === chunk ? 1_000 : 10 * 60_000),
  });
}
