/**
 * The lease an instance holds on each import job it runs (docs/api.md#jobs-across-restarts): a job's
 * saves, renewals, end and release are written only while the row still holds that lease.
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

/**
 * A lease's milliseconds name its holder: each claim takes a residue (`lease_until` modulo 1,000)
 * other than the one the job's row holds, and keeps it in every lease it writes (the time rounded
 * down to the second, plus the residue). So a job's saves, renewals, end and release compare only
 * the residue (`held`: this instance's on each job it runs), never a time that a renewal under way
 * may just have moved.
 */
export const leaseOf = (until: number, residue: number): number => Math.floor(until / 1000) * 1000 + residue;

/** A residue other than the one of the lease the job's row holds. */
export function newResidue(current: number): number {
  const taken = ((Math.round(current) % 1000) + 1000) % 1000;
  return (taken + 1 + Math.floor(Math.random() * 999)) % 1000;
}

/** A job's writes made only while this instance holds its lease. */
export function heldWrites(db: Executor, held: Map<number, number>): HeldJobWrites {
  const holding = (id: number) => held.get(id) ?? -1;
  const mine = "state = 'running' AND lease_until % 1000 = ?";
  return {
    async save(id, step, tx = db) {
      const changed = await tx.run(
        `UPDATE import_jobs SET progress = ?, errors = ?, checkpoint = ?, lease_until = ? WHERE id = ? AND ${mine}`,
        [
          JSON.stringify(step.progress),
          JSON.stringify(step.errors),
          JSON.stringify(step.checkpoint),
          leaseOf(step.leaseUntil, holding(id)),
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
      const lease = leaseOf(leaseUntil, holding(id));
      return (
        (await db.run(`UPDATE import_jobs SET lease_until = ? WHERE id = ? AND ${mine}`, [lease, id, holding(id)])) > 0
      );
    },
    async release(id) {
      await db.run(`UPDATE import_jobs SET lease_until = 0 WHERE id = ? AND ${mine}`, [id, holding(id)]);
      held.delete(id);
    },
  };
}
