/**
 * Import jobs (docs/api.md#imports): a job row per import, owned as links are (scopeFilter.ts),
 * claimed by one instance at a time with a lease, its progress and checkpoint saved as it goes,
 * and its connection kept only while it may still run (cleared when it ends or is cancelled).
 * Every save, renewal, end and release of a job is made only while the lease is still the one this
 * instance holds (its claim number, importLeases.ts): an instance that waited on its source past its lease, while another
 * took the job and went on from the checkpoint, stores nothing more.
 */
import type { Actor, Scope } from '../../auth/scope';
import type { ImportOptions, ImportProblem, ImportProgress, ImportSource, ImportState } from '../../contract/imports';
import type { AfterWrite, Executor, RowShape } from '../executor';
import { type HeldJobWrites, heldWrites } from './importLeases';

import { ownedBy, ownerValue, teamValue, whereReached } from './scopeFilter';

export type { ImportStep } from './importLeases';

/** A job as stored; `connection` only while it may still run, and never answered. */
export interface ImportRecord {
  id: number;
  /** The personal team's user, null for a shared team's and the administrator's imports. */
  user_id: number | null;
  /** The team the import belongs to (null: the administrator's own). */
  team_id: number | null;
  /** Who started it (a user, a key, the administrator, the CLI); null when unknown or the user is gone. */
  started_by: Actor | null;
  source: ImportSource;
  source_key: string;
  state: ImportState;
  dry_run: boolean;
  options: ImportOptions;
  connection: Record<string, unknown> | null;
  progress: ImportProgress;
  errors: ImportProblem[];
  /** Where the job goes on from (each source's own shape). */
  checkpoint: Record<string, unknown>;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

export interface NewImport {
  source: ImportSource;
  source_key: string;
  dry_run: boolean;
  options: ImportOptions;
  connection: Record<string, unknown>;
  progress: ImportProgress;
  created_at: number;
}

/** Another import of the owner is queued or running (the one-active index). */
export class ImportAlreadyActive extends Error {}

export interface ImportRepository extends HeldJobWrites {
  /** Throws ImportAlreadyActive when the owner has one queued or running. */
  /** `afterWrite` (the audit entry, with the job's id) runs in the insert's transaction, as in cancel. */
  create(scope: Scope, job: NewImport, afterWrite?: AfterWrite<number>): Promise<ImportRecord>;
  list(scope: Scope, limit: number): Promise<ImportRecord[]>;
  get(scope: Scope, id: number): Promise<ImportRecord | undefined>;
  /** Cancels a queued or running job (its connection cleared); false when it was not one. */
  cancel(scope: Scope, id: number, now: number, afterWrite?: AfterWrite<void>): Promise<boolean>;
  /** A queued job, or a running one whose lease ran out, now leased to the caller; `only`: that job or none. */
  claim(now: number, leaseUntil: number, only?: number): Promise<ImportRecord | undefined>;
  /** The checkpoints of the owner's finished imports of `sourceKey` that stored something. */
  earlierCheckpoints(scope: Scope, sourceKey: string): Promise<Record<string, unknown>[]>;
}

const COLUMNS = `id, user_id, team_id, started_by, started_by_user, source, source_key, state, dry_run, options, connection, progress, errors, checkpoint,
  created_at, started_at, finished_at`;
const SHAPE: RowShape = { booleans: ['dry_run'] };

type Row = Omit<ImportRecord, 'started_by' | 'options' | 'connection' | 'progress' | 'errors' | 'checkpoint'> & {
  started_by: string | null;
  started_by_user: number | null;
  options: string;
  connection: string | null;
  progress: string;
  errors: string;
  checkpoint: string;
};

/** The starter as stored; a user (or a user's key) deleted since leaves none (docs/api.md#imports). */
function starterOf(row: Row): Actor | null {
  if (row.started_by === null) return null;
  const actor = JSON.parse(row.started_by) as Actor;
  return actor.id !== null && row.started_by_user === null ? null : actor;
}

function decode(row: Row): ImportRecord {
  const number = (value: number | null) => (value === null ? null : Number(value));
  const { started_by_user: _user, ...fields } = row;
  return {
    ...fields,
    started_by: starterOf(row),
    id: Number(row.id),
    user_id: number(row.user_id),
    team_id: number(row.team_id),
    created_at: Number(row.created_at),
    started_at: number(row.started_at),
    finished_at: number(row.finished_at),
    options: JSON.parse(row.options),
    connection: row.connection === null ? null : JSON.parse(row.connection),
    progress: JSON.parse(row.progress),
    errors: JSON.parse(row.errors),
    checkpoint: JSON.parse(row.checkpoint),
  };
}

const ACTIVE = "state IN ('queued', 'running')";

/** The jobs the scope reaches: its team's; an own-links-only member's, only those they started (docs/api.md#imports). */
const jobsReached = (scope: Scope) => whereReached(scope, undefined, 'started_by_user');

/** Inserts a queued job; ImportAlreadyActive when the owner has one queued or running. */
async function insertJob(
  db: Executor,
  scope: Scope,
  job: NewImport,
  afterWrite?: AfterWrite<number>,
): Promise<ImportRecord> {
  try {
    // The job as inserted, read in its own transaction: a team deleted just after takes it along,
    // and a read after the commit would find nothing (a 500 where the call succeeded).
    return await db.transaction(async (tx) => {
      const row = await tx.get<Row>(
        `INSERT INTO import_jobs (user_id, team_id, started_by, started_by_user, source, source_key, state, dry_run,
             options, connection, progress, errors, checkpoint, created_at)
           VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?, '[]', '{}', ?) RETURNING ${COLUMNS}`,
        [
          ownerValue(scope),
          teamValue(scope),
          JSON.stringify(scope.actor),
          scope.actor.id,
          job.source,
          job.source_key,
          job.dry_run,
          JSON.stringify(job.options),
          JSON.stringify(job.connection),
          JSON.stringify(job.progress),
          job.created_at,
        ],
        SHAPE,
      );
      await afterWrite?.(tx, Number(row!.id));
      return decode(row!);
    });
  } catch (error) {
    if (String((error as Error).message).includes('import_jobs_one_active')) throw new ImportAlreadyActive();
    throw error;
  }
}

export function createImportRepository(db: Executor): ImportRepository {
  // The claim this instance made of each job it runs: what its writes compare `lease_claim` with.
  const held = new Map<number, number>();
  const byId = async (id: number) => {
    const row = await db.get<Row>(`SELECT ${COLUMNS} FROM import_jobs WHERE id = ?`, [id], SHAPE);
    return row && decode(row);
  };
  return {
    create: (scope, job, afterWrite) => insertJob(db, scope, job, afterWrite),
    async list(scope, limit) {
      const where = jobsReached(scope);
      const rows = await db.all<Row>(
        `SELECT ${COLUMNS} FROM import_jobs ${where.sql} ORDER BY id DESC LIMIT ${Math.floor(limit)}`,
        where.params,
        SHAPE,
      );
      return rows.map(decode);
    },
    async get(scope, id) {
      const where = jobsReached(scope);
      const row = await db.get<Row>(
        `SELECT ${COLUMNS} FROM import_jobs ${where.sql ? `${where.sql} AND` : 'WHERE'} id = ?`,
        [...where.params, id],
        SHAPE,
      );
      return row && decode(row);
    },
    cancel(scope, id, now, afterWrite) {
      const where = jobsReached(scope);
      return db.transaction(async (tx) => {
        const changed = await tx.run(
          `UPDATE import_jobs SET state = 'cancelled', connection = NULL, finished_at = ?, lease_until = 0
           ${where.sql ? `${where.sql} AND` : 'WHERE'} id = ? AND ${ACTIVE}`,
          [now, ...where.params, id],
        );
        if (changed > 0) await afterWrite?.(tx, undefined);
        return changed > 0;
      });
    },
    async claim(now, leaseUntil, only) {
      // The lease is checked again by the UPDATE itself: of two instances, one takes the job.
      const free = `${ACTIVE} AND lease_until < ?`;
      const candidate = await db.get<{ id: number; lease_claim: number }>(
        `SELECT id, lease_claim FROM import_jobs WHERE ${free}${only === undefined ? '' : ' AND id = ?'} ORDER BY id LIMIT 1`,
        only === undefined ? [now] : [now, only],
      );
      if (!candidate) return undefined;
      // The next claim number: no claim before or after this one holds it.
      const claim = Number(candidate.lease_claim) + 1;
      const changed = await db.run(
        `UPDATE import_jobs SET state = 'running', lease_until = ?, lease_claim = ?, started_at = COALESCE(started_at, ?)
         WHERE id = ? AND lease_claim = ? AND ${free}`,
        [leaseUntil, claim, now, candidate.id, claim - 1, now],
      );
      if (changed === 0) return undefined;
      held.set(Number(candidate.id), claim);
      return byId(Number(candidate.id));
    },
    ...heldWrites(db, held),
    async earlierCheckpoints(scope, sourceKey) {
      const owned = ownedBy(scope);
      const rows = await db.all<{ checkpoint: string }>(
        `SELECT checkpoint FROM import_jobs
         WHERE ${owned.sql} AND source_key = ? AND state IN ('done', 'failed', 'cancelled') AND dry_run = ?`,
        [...owned.params, sourceKey, false],
      );
      return rows.map((row) => JSON.parse(row.checkpoint));
    },
  };
}
