/**
 * One import job run (docs/api.md#imports): the source's links page by page, then its clicks page
 * by page, the job's figures and checkpoint saved after each page. A page of clicks is stored in
 * parts sized by their CPU time (importTurns.ts), each in the same transaction as the checkpoint that
 * passes it, a turn of the event loop between two: a job resumed after a restart stores none
 * twice; a links page cut short by a restart is recognised when read again (importLinks.ts). Each
 * part of links is stored with the job's figures, and only while the job runs: a cancelled job
 * stores nothing more, and its figures are what it stored. A
 * re-import of the same source reads on from the clicks the owner's earlier imports stored.
 */
import { type Scope, storedOwnerScope } from '../auth/scope';
import type { LinkService } from '../links/linkService';
import type { AddressKeeper } from '../privacy/addresses';
import type { ImportRecord } from '../storage/repositories/importRepository';
import type { Store } from '../storage/store';
import { clickTimeFault, createClickMapper } from './importClicks';
import { importLinkClicks } from './importLinkClicks';
import { importLinkPage } from './importLinks';
import { startedScope } from './importStarter';
import { createImportTally, type ImportTally } from './importTally';
import { CLICK_PARTS, inTurns, LINK_PARTS, type PartSize, partSize } from './importTurns';
import type { ImportSourceReader, SourceClick, SourceLink } from './sources/importSource';

/** A page read from a source that does not say its own size (ImportSourceReader.rowsPerPage). */
export const LINKS_PER_PAGE = 500;
export const CLICKS_PER_PAGE = 5000;
/** The reason listed for a click (a YOURLS one, read apart from its link) without a readable time. */
export const CLICK_TIME_UNREADABLE = 'Its time cannot be read';
/** The reason listed for such a click dated before 1970 or more than a day after the import (clickTimeFault). */
export const CLICK_TIME_IMPOSSIBLE = 'Its time is before 1970 or more than a day after the import';

/** Where a job stands: reading links after `after_link`, or clicks after `after_click`. */
export interface ImportCheckpoint {
  phase: 'links' | 'clicks';
  after_link: string | null;
  after_click: number;
}

export interface ImportJobDeps {
  store: Store;
  links: LinkService;
  keepAddress: AddressKeeper;
  clock: () => number;
  leaseMs: number;
  /** Whether the service is stopping: the job stops after the page under way, to resume later. */
  stopping: () => boolean;
}

export type JobEnd = 'done' | 'stopped' | 'cancelled';

const isCheckpoint = (value: Record<string, unknown>): boolean => value.phase === 'links' || value.phase === 'clicks';

/** The clicks the owner's earlier imports of the same source stored: a re-import reads on after them. */
async function firstCheckpoint(deps: ImportJobDeps, job: ImportRecord): Promise<ImportCheckpoint> {
  const earlier = await deps.store.imports.earlierCheckpoints(storedOwnerScope(job), job.source_key);
  const after = Math.max(0, ...earlier.map((checkpoint) => Number(checkpoint.after_click) || 0));
  return { phase: 'links', after_link: null, after_click: after };
}

interface Run {
  job: ImportRecord;
  /** What the job may do, as its starter may now (importStarter.ts): read again before each page of links. */
  scope: Scope;
  tally: ImportTally;
  checkpoint: ImportCheckpoint;
  /** The refs of the source's links that are in Me (or, in a dry run, would be). */
  known: Set<string>;
  /** A dry run's links that would be created: their codes, and how many. */
  planned: { codes: Set<string>; count: number };
  /** The size of the next part of links and of clicks, learnt over the job's parts. */
  parts: { links: PartSize; clicks: PartSize };
}

function stepOf(deps: ImportJobDeps, run: Run) {
  return {
    progress: run.tally.progress(),
    errors: run.tally.errors,
    checkpoint: { ...run.checkpoint },
    leaseUntil: deps.clock() + deps.leaseMs,
  };
}

/** Stores a part of a page of clicks with the step that passes it; false when the job was cancelled. */
async function clickPart(
  deps: ImportJobDeps,
  run: Run,
  rows: readonly SourceClick[],
  map: ReturnType<typeof createClickMapper>,
): Promise<boolean> {
  const { job, tally } = run;
  tally.clicks.seen += rows.length;
  run.checkpoint.after_click = rows[rows.length - 1]!.position;
  const now = deps.clock();
  const readable = rows.filter((row) => {
    const fault = clickTimeFault(row.clicked_at, now);
    if (fault === 'unreadable') tally.problem(`click ${row.position}`, CLICK_TIME_UNREADABLE);
    if (fault === 'impossible') tally.problem(`click ${row.position}`, CLICK_TIME_IMPOSSIBLE);
    return fault === undefined;
  });
  if (job.dry_run) {
    tally.clicks.imported += readable.filter((row) => run.known.has(row.link_ref)).length;
    return deps.store.imports.save(job.id, stepOf(deps, run));
  }
  const refs = [...new Set(readable.map((row) => row.link_ref))];
  const ids = await deps.store.importWrites.imported(run.scope, job.source_key, refs);
  const clicks = readable.flatMap((row) => {
    const link = ids.get(row.link_ref);
    return link ? [map(link.id, row)] : [];
  });
  tally.clicks.imported += clicks.length;
  return deps.store.importWrites.storeClicks(job.id, clicks, stepOf(deps, run));
}

async function linkPhase(deps: ImportJobDeps, run: Run, reader: ImportSourceReader): Promise<JobEnd | undefined> {
  const { job } = run;
  const map = createClickMapper(deps.keepAddress);
  while (run.checkpoint.phase === 'links') {
    if (deps.stopping()) return 'stopped';
    const rows = await reader.linksAfter(run.checkpoint.after_link, reader.rowsPerPage ?? LINKS_PER_PAGE);
    if (rows.length === 0) run.checkpoint.phase = 'clicks';
    else {
      run.scope = await startedScope(deps.store, job);
      const page = {
        scope: run.scope,
        sourceKey: job.source_key,
        dryRun: job.dry_run,
        options: job.options,
        writes: deps.store.importWrites,
        links: deps.links,
        tally: run.tally,
        onImported: (ref: string) => run.known.add(ref),
        partSize: run.parts.links,
        planned: run.planned,
        jobId: job.id,
        step: (part: readonly SourceLink[]) => {
          // A source that gives clicks link by link passes its links once their clicks are in (below).
          if (!reader.linkClicks) run.checkpoint.after_link = part[part.length - 1]!.ref;
          return stepOf(deps, run);
        },
      };
      if (!(await importLinkPage(page, rows))) return 'cancelled';
      const linkClicks = {
        store: deps.store,
        scope: run.scope,
        sourceKey: job.source_key,
        jobId: job.id,
        dryRun: job.dry_run,
        tally: run.tally,
        known: (ref: string) => run.known.has(ref),
        map,
        now: deps.clock,
        step: () => stepOf(deps, run),
        partSize: run.parts.clicks,
      };
      if (!(await importLinkClicks(linkClicks, reader, rows))) return 'cancelled';
      run.checkpoint.after_link = rows[rows.length - 1]!.ref;
    }
    if (!(await deps.store.imports.save(job.id, stepOf(deps, run)))) return 'cancelled';
  }
  return undefined;
}

/** Runs the job from its checkpoint until it is done, cancelled, or the service stops. */
export async function runImportJob(
  deps: ImportJobDeps,
  job: ImportRecord,
  reader: ImportSourceReader,
): Promise<JobEnd> {
  // A dry run keeps in memory which links would be imported: one cut short starts again.
  const resumable = isCheckpoint(job.checkpoint) && !job.dry_run;
  const tally = resumable
    ? createImportTally(job.progress, job.errors)
    : createImportTally(
        { links: { seen: 0, created: 0, updated: 0, skipped: 0, conflicts: 0 }, clicks: { seen: 0, imported: 0 } },
        [],
      );
  const checkpoint = resumable ? (job.checkpoint as unknown as ImportCheckpoint) : await firstCheckpoint(deps, job);
  const parts = { links: partSize(LINK_PARTS), clicks: partSize(CLICK_PARTS) };
  const run: Run = {
    job,
    scope: await startedScope(deps.store, job),
    tally,
    checkpoint,
    known: new Set(),
    planned: { codes: new Set(), count: 0 },
    parts,
  };
  const linksEnd = await linkPhase(deps, run, reader);
  if (linksEnd) return linksEnd;
  const map = createClickMapper(deps.keepAddress);
  for (;;) {
    if (deps.stopping()) return 'stopped';
    const rows = await reader.clicksAfter(run.checkpoint.after_click, reader.rowsPerPage ?? CLICKS_PER_PAGE);
    if (rows.length === 0) break;
    if (!(await inTurns(rows, run.parts.clicks, (part) => clickPart(deps, run, part, map)))) return 'cancelled';
  }
  await deps.store.imports.finish(job.id, 'done', stepOf(deps, run), deps.clock());
  return 'done';
}

/** Ends a job that failed, its reason listed (never the connection: a driver's message names no password). */
export async function failImportJob(deps: ImportJobDeps, job: ImportRecord, message: string): Promise<void> {
  const current = (await deps.store.imports.get(storedOwnerScope(job), job.id)) ?? job;
  const tally = createImportTally(current.progress, current.errors);
  tally.errors.splice(Math.min(tally.errors.length, 99));
  tally.errors.push({ ref: '', message });
  await deps.store.imports.finish(
    job.id,
    'failed',
    { progress: tally.progress(), errors: tally.errors, checkpoint: current.checkpoint },
    deps.clock(),
  );
}
