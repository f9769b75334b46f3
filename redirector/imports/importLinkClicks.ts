/**
 * Clicks of a source that gives them link by link (Shlink: docs/api.md#imports), read after each
 * page of links for the page's links that are in Me (or, in a dry run, would be). A link's clicks
 * are asked for from the time of its latest imported click, and those already stored are left out:
 * older ones, and as many at that very time as Me holds. So a re-import, or a job resumed after a
 * restart, stores no click twice. A page of clicks is stored in parts sized by their CPU time
 * (importTurns.ts), each with the job's step in one transaction, a turn between two.
 */
import type { Scope } from '../auth/scope';
import type { NewClick } from '../storage/records';
import type { ImportStep } from '../storage/repositories/importRepository';
import type { Store } from '../storage/store';
import { clickTimeFault } from './importClicks';
import type { ImportTally } from './importTally';
import { inTurns, type PartSize } from './importTurns';
import type { ImportSourceReader, SourceClick, SourceLink } from './sources/importSource';

/** The reason listed for a link (a Shlink one) some of whose clicks have no readable time. */
export const LINK_CLICK_TIME_UNREADABLE = 'A click whose time cannot be read is left out';
/** The reason listed for a link some of whose clicks are dated before 1970 or more than a day after the import. */
export const LINK_CLICK_TIME_IMPOSSIBLE = 'A click dated before 1970 or more than a day after the import is left out';

export interface LinkClicksDeps {
  store: Store;
  scope: Scope;
  sourceKey: string;
  jobId: number;
  dryRun: boolean;
  tally: ImportTally;
  /** Whether the source link is in Me (or would be). */
  known: (ref: string) => boolean;
  map: (linkId: number, click: SourceClick) => NewClick;
  /** The job's clock: a click more than a day after it is left out (clickTimeFault). */
  now: () => number;
  step: () => ImportStep;
  /** The job's size of a part of clicks. */
  partSize: PartSize;
}

/** Keeps, page after page, the clicks not stored before: past `mark`, and past its first `count` at that very time. */
function freshFilter(mark: { at: number; count: number } | null): (rows: readonly SourceClick[]) => SourceClick[] {
  let ties = mark?.count ?? 0;
  return (rows) =>
    rows.filter((row) => {
      if (mark === null || row.clicked_at === null || row.clicked_at > mark.at) return true;
      if (row.clicked_at < mark.at) return false;
      return ties-- <= 0;
    });
}

/** A link's reason listed once in a job, whichever of its parts of clicks meet it. */
function listOnce(tally: ImportTally, ref: string, message: string): void {
  if (!tally.errors.some((problem) => problem.ref === ref && problem.message === message)) tally.problem(ref, message);
}

/** Stores a part of a link's fresh clicks with the job's step (a dry run: the step alone); false when cancelled. */
function clickPart(
  deps: LinkClicksDeps,
  ref: string,
  id: number | undefined,
  part: readonly SourceClick[],
): Promise<boolean> {
  const { tally } = deps;
  tally.clicks.seen += part.length;
  const now = deps.now();
  const faults = part.map((row) => clickTimeFault(row.clicked_at, now));
  const readable = part.filter((_, index) => faults[index] === undefined);
  if (faults.includes('unreadable')) listOnce(tally, ref, LINK_CLICK_TIME_UNREADABLE);
  if (faults.includes('impossible')) listOnce(tally, ref, LINK_CLICK_TIME_IMPOSSIBLE);
  tally.clicks.imported += readable.length;
  if (deps.dryRun || id === undefined) return deps.store.imports.save(deps.jobId, deps.step());
  const clicks = readable.map((row) => deps.map(id, row));
  return deps.store.importWrites.storeClicks(deps.jobId, clicks, deps.step());
}

/** Imports the clicks of the page's links; false when the job was cancelled meanwhile. */
export async function importLinkClicks(
  deps: LinkClicksDeps,
  reader: ImportSourceReader,
  links: readonly SourceLink[],
): Promise<boolean> {
  if (!reader.linkClicks) return true;
  const rows = links.filter((link) => deps.known(link.ref));
  const ids = await deps.store.importWrites.imported(
    deps.scope,
    deps.sourceKey,
    rows.map((link) => link.ref),
  );
  for (const link of rows) {
    const id = ids.get(link.ref)?.id;
    if (id === undefined && !deps.dryRun) continue;
    const mark = id === undefined ? null : await deps.store.importWrites.lastImportedClick(id);
    const freshOf = freshFilter(mark);
    for await (const page of reader.linkClicks(link, mark?.at ?? null)) {
      // In parts, oldest first: a part stored before a restart is what the link's mark then leaves out.
      if (!(await inTurns(freshOf(page), deps.partSize, (part) => clickPart(deps, link.ref, id, part)))) return false;
    }
  }
  return true;
}
