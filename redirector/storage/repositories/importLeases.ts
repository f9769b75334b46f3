/**
 * The lease an instance holds on each import job it runs (docs/api.md#jobs-across-restarts): a job's
 * saves, renewals, end and release are written only while the row still holds that lease. Each claim
 * of a job takes the next `lease_claim` (migration 40 on SQLite, 44 on PostgreSQL), and the writes
 * compare it, never a time that a renewal under way may just have moved: an instance whose lease was
 * taken never writes again, however many instances took the job after it.
 */
import type { ImportProblem, ImportProgress } from '../../contract/imports';
import type { Executor } from '../executor';

/** Where a running job stands: saved together, and only while the job is still running. */
export interface ImportStep {
  progress: ImportProgress;
  errors: readonly ImportProblem[];
  checkpoint: Record<string, unknown>;
  leaseUntil: number;
}

/** A job's writes that only the instance holding its lease makes. */
export interface HeldJobWrites {
  /** Saves the step; false when the job is no longer running (cancelled) or no longer this instance's (its lease taken). */
  save(id: number, step: ImportStep, tx?: Executor): Promise<boolean>;
  /** Ends a running job this instance holds: its state, last figures, the connection cleared. */
  finish(id: number, state: 'done' | 'failed', step: Omit<ImportStep, 'leaseUntil'>, now: number): Promise<void>;
  /** Extends the lease this instance holds on a running job (while it waits on its source); false when it holds none. */
  renew(id: number, leaseUntil: number): Promise<boolean>;
  /** Lets another instance (or this one after a restart) take the job this instance holds at once. */
  release(id: number): Promise<void>;
}

/** A job's writes made only while this instance holds its lease. */
export function heldWrites(db: Executor, held: Map<number, number>): HeldJobWrites {
  // The claim this instance made of the job (importRepository.ts claim): a claim number no later claim repeats.
  const holding = (id: number) => held.get(id) ?? -1;
  const mine = "state = 'running' AND lease_claim = ?";
  return {
    async save(id, step, tx = db) {
      const changed = await tx.run(
        `UPDATE import_jobs SET progress = ?, errors = ?, checkpoint = ?, lease_until = ? WHERE id = ? AND ${mine}`,
        [
          JSON.stringify(step.progress),
          JSON.stringify(step.errors),
          JSON.stringify(step.checkpoint),
          step.leaseUntil,
          id,
          holding(id),
        ],
      );
      return changed > 0;
    },
    async finish(id, state, step, now) {
      await db.run(
        `UPDATE import_jobs SET state = ?, progress = ?, errors = ?, checkpoint = ?, connection = NULL,
           finished_at = ?, lease_until = 0 WHERE id = ? AND ${mine}`,
        [
          state,
          JSON.stringify(step.progress),
          JSON.stringify(step.errors),
          JSON.stringify(step.checkpoint),
          now,
          id,
          holding(id),
        ],
      );
      held.delete(id);
    },
    async renew(id, leaseUntil) {
      if (!held.has(id)) return false;
      return (
        (await db.run(`UPDATE import_jobs SET lease_until = ? WHERE id = ? AND ${mine}`, [
          leaseUntil,
          id,
          holding(id),
        ])) > 0
      );
    },
    async release(id) {
      await db.run(`UPDATE import_jobs SET lease_until = 0 WHERE id = ? AND ${mine}`, [id, holding(id)]);
      held.delete(id);
    },
  };
}
