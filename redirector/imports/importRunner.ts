/**
 * Runs import jobs in the background (docs/api.md#imports): a loop on background.ts takes a queued
 * job, or a running one whose instance went away (its lease ran out), and runs it to its end; one
 * job at a time per instance, each job on one instance at a time. A stopping service ends the read
 * under way, leaves the job running with its checkpoint and lets it go at once, so that the next
 * start (or another instance) resumes it. A passing trouble of Me's own database leaves the job
 * running the same way, its lease to run out: only the source's errors and the rules fail a job.
 */
import { type Background, type BackgroundOptions, runInBackground, SHARED_LOOP_JITTER } from '../background';
import { logProblem } from '../observability/logger';
import { RuleError } from '../ruleError';
import { isPassingDatabaseTrouble } from '../storage/databaseHealth';
import type { ImportRecord } from '../storage/repositories/importRepository';
import { failImportJob, type ImportJobDeps, runImportJob } from './importJob';
import { openSource, operatorImport } from './importSources';
import type { ImportSourceReader } from './sources/importSource';
import { blamingSource, fromSource, SourceUnreadable } from './sources/sourceReads';

/** How long a job stays an instance's once the instance no longer renews its lease (it went away or hangs). */
export const IMPORT_LEASE_MS = 60_000;
/**
 * Between two renewals of the lease of the job an instance runs: a job that waits on its source for
 * longer than the lease (a source's Retry-Afters, a slow query) stays its own, rather than being
 * taken by another instance, which would start its page again, and again (importRepository.ts).
 */
export const IMPORT_RENEW_MS = 5_000;
const IDLE_MS = 5_000;

export interface ImportRunner {
  /**
   * Starts the loop (the service does); `only`: it takes that job alone, for the command line,
   * which runs its own import in the foreground and leaves the others to the service.
   */
  start(only?: number): void;
  /** Looks for a job now (a job was just made); nothing before start. */
  wake(): void;
  stop(): Promise<void>;
}

export interface ImportRunnerDeps extends Omit<ImportJobDeps, 'leaseMs' | 'stopping'> {
  /** OUTBOUND_ALLOW_PRIVATE: every user's import may read a source on a private address. */
  allowPrivate: boolean;
}

/** What a job that met an error of this service's own (not a passing one of its database) lists. */
export const OWN_FAILURE = 'The import stopped on an error of this service, not of the source (its log says which)';

/**
 * Why the job fails, as its errors list it, or undefined when it does not: the source's error (the
 * driver's words, which name no password) or a rule's fail it; a passing trouble of Me's own
 * database (busy, unreachable, a connection ended) leaves it running with its checkpoint, to be
 * resumed once its lease runs out, as after a restart (docs/api.md#imports).
 */
function failureOf(error: unknown): string | undefined {
  if (error instanceof SourceUnreadable) return error.message;
  if (isPassingDatabaseTrouble(error)) return undefined;
  if (error instanceof RuleError) return error.message;
  logProblem('an import job stopped on an error of this service', error);
  return OWN_FAILURE;
}

export function createImportRunner(deps: ImportRunnerDeps): ImportRunner {
  let stopping = false;
  let reader: ImportSourceReader | undefined;
  const jobDeps: ImportJobDeps = { ...deps, leaseMs: IMPORT_LEASE_MS, stopping: () => stopping };

  async function runJob(job: ImportRecord): Promise<void> {
    const renewing = setInterval(() => {
      deps.store.imports.renew(job.id, deps.clock() + IMPORT_LEASE_MS).catch(() => undefined);
    }, IMPORT_RENEW_MS);
    renewing.unref();
    try {
      // The administrator's imports may read a source on this network (docs/api.md#imports).
      const allowPrivate = deps.allowPrivate || operatorImport(job.started_by, job.team_id);
      reader = blamingSource(
        await fromSource(() => openSource(job.source, job.connection, allowPrivate, deps.clock, job.options)),
      );
      if (stopping) return;
      await runImportJob(jobDeps, job, reader);
    } catch (error) {
      if (stopping) return;
      const failure = failureOf(error);
      // The loop says it once, however many jobs meet it (background.ts); an outage's own lines tell that.
      if (failure === undefined) throw error;
      await failImportJob(jobDeps, job, failure);
    } finally {
      clearInterval(renewing);
      const open = reader;
      reader = undefined;
      await open?.close().catch(() => undefined);
      if (stopping) await deps.store.imports.release(job.id).catch(() => undefined);
    }
  }

  let loop: Background<boolean> | undefined;
  let only: number | undefined;
  const task = async () => {
    const now = deps.clock();
    const job = await deps.store.imports.claim(now, now + IMPORT_LEASE_MS, only);
    if (!job) return false;
    await runJob(job);
    return true;
  };
  const options: BackgroundOptions<boolean> = {
    what: 'running imports',
    everyMs: IDLE_MS,
    firstAfterMs: 0,
    jitter: SHARED_LOOP_JITTER,
    nextAfterMs: (ran) => (ran ? 0 : IDLE_MS),
    log: logProblem,
  };
  return {
    start(job) {
      only = job;
      if (!stopping) loop ??= runInBackground(task, options);
    },
    wake: () => loop?.runSoon(),
    async stop() {
      stopping = true;
      // A read in flight ends now rather than at its page's end.
      await reader?.close().catch(() => undefined);
      await loop?.stop();
    },
  };
}
