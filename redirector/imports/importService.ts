/**
 * Import jobs as the API makes, lists, reads and cancels them (docs/api.md#imports), for the call's
 * scope: a user's own jobs, the administrator's reach every owner's. The connection is checked when
 * the job is made, kept with the job only while it may run, and never answered or logged.
 */
import { type AuditRecord, recordAudit } from '../audit/auditLog';
import { type Scope, teamIdOf } from '../auth/scope';
import {
  emptyProgress,
  IMPORT_NOT_FOUND,
  IMPORT_RUNNING,
  type ImportJob,
  type ImportOptions,
} from '../contract/imports';
import { isoTimeOrNull } from '../contract/times';
import { invalidInput, notFoundRule, RuleError, taken } from '../ruleError';
import type { Executor } from '../storage/executor';
import { ImportAlreadyActive, type ImportRecord } from '../storage/repositories/importRepository';
import type { Store } from '../storage/store';
import { checkSource, isImportSource, operatorImport, reachableAddress, UNKNOWN_SOURCE } from './importSources';
import { checkCsvFile, parseCsvMapping } from './sources/csv';

/** An import job's change as the audit log keeps it (docs/api.md#audit-log); never its connection. */
function importEntry(scope: Scope, id: number, action: string, source: string, dryRun: boolean): AuditRecord {
  const changes: AuditRecord['changes'] =
    action === 'import.created' ? { source: [null, source], dry_run: [null, dryRun] } : {};
  return { teamId: teamIdOf(scope), action, target: { type: 'import', id: String(id), label: source }, changes };
}

export const IMPORT_ENDED = 'This import has already ended';
/** The jobs a list answers, newest first. */
export const IMPORTS_LISTED = 100;

export interface ImportService {
  create(scope: Scope, body: Record<string, unknown>): Promise<ImportJob>;
  list(scope: Scope): Promise<ImportJob[]>;
  get(scope: Scope, id: number): Promise<ImportJob>;
  cancel(scope: Scope, id: number): Promise<ImportJob>;
}

export interface ImportServiceDeps {
  store: Store;
  clock: () => number;
  /** OUTBOUND_ALLOW_PRIVATE: a user's import may read a source on a private address. */
  allowPrivate: boolean;
  /** Told when a job was made (the runner looks for it at once). */
  onQueued: () => void;
}

export function toApiImport(record: ImportRecord): ImportJob {
  return {
    id: record.id,
    source: record.source,
    state: record.state,
    dry_run: record.dry_run,
    links: record.progress.links,
    clicks: record.progress.clicks,
    errors: record.errors,
    started_at: isoTimeOrNull(record.started_at),
    finished_at: isoTimeOrNull(record.finished_at),
  };
}

function parseOptions(options: unknown, source: unknown): ImportOptions {
  if (options !== undefined && options !== null && (typeof options !== 'object' || Array.isArray(options))) {
    throw invalidInput('options must be an object');
  }
  const given = (options ?? {}) as Record<string, unknown>;
  const onConflict = given.on_conflict ?? 'skip';
  if (onConflict !== 'skip' && onConflict !== 'suffix')
    throw invalidInput('options.on_conflict must be "skip" or "suffix"');
  // A CSV's mapping says which column holds what (docs/api.md#csv-imports); other sources have none.
  return source === 'csv'
    ? { on_conflict: onConflict, mapping: parseCsvMapping(given.mapping) }
    : { on_conflict: onConflict };
}

export function createImportService(deps: ImportServiceDeps): ImportService {
  const { store, clock } = deps;
  const found = async (scope: Scope, id: number) => {
    const record = await store.imports.get(scope, id);
    if (!record) throw notFoundRule(IMPORT_NOT_FOUND);
    return record;
  };
  return {
    async create(scope, body) {
      if (body.dry_run !== undefined && typeof body.dry_run !== 'boolean')
        throw invalidInput('dry_run must be true or false');
      // The source first: what the connection must hold depends on it.
      if (!isImportSource(body.source)) throw invalidInput(UNKNOWN_SOURCE);
      if (typeof body.connection !== 'object' || body.connection === null || Array.isArray(body.connection)) {
        throw invalidInput('connection must be an object');
      }
      const checked = checkSource(body.source, body.connection);
      const options = parseOptions(body.options, checked.source);
      if (checked.host !== null)
        await reachableAddress(checked.host, deps.allowPrivate || operatorImport(scope.actor, scope.team?.id ?? null));
      else await checkCsvFile(body.connection, options.mapping ?? {});
      try {
        const record = await store.imports.create(
          scope,
          {
            source: checked.source,
            source_key: checked.sourceKey,
            dry_run: body.dry_run === true,
            options,
            connection: body.connection as Record<string, unknown>,
            progress: emptyProgress(),
            created_at: clock(),
          },
          (tx, id) =>
            recordAudit(
              tx,
              scope,
              importEntry(scope, id, 'import.created', checked.source, body.dry_run === true),
              clock(),
            ),
        );
        deps.onQueued();
        return toApiImport(record);
      } catch (error) {
        if (error instanceof ImportAlreadyActive) throw taken(IMPORT_RUNNING);
        throw error;
      }
    },
    async list(scope) {
      return (await store.imports.list(scope, IMPORTS_LISTED)).map(toApiImport);
    },
    async get(scope, id) {
      return toApiImport(await found(scope, id));
    },
    async cancel(scope, id) {
      const record = await found(scope, id);
      const audit = (tx: Executor) =>
        recordAudit(tx, scope, importEntry(scope, id, 'import.cancelled', record.source, record.dry_run), clock());
      if (!(await store.imports.cancel(scope, id, clock(), audit))) {
        if (record.state !== 'queued' && record.state !== 'running') throw new RuleError(409, IMPORT_ENDED);
      }
      return toApiImport(await found(scope, id));
    },
  };
}
