/**
 * One page of a source's links brought in (docs/api.md#imports). A link the owner imported from
 * the same source before is left as it is (skipped: nothing the user changed since is touched). A
 * row Me would refuse (a reserved or malformed code, a destination that is not http(s)) is skipped
 * with its reason. A code held by another link is a conflict, listed: skipped, or with
 * `on_conflict: "suffix"` imported as `<code>-2` (or -3, …). A link of the owner's with the same
 * code and destination and no source yet is taken as the imported one: a batch whose links were
 * created just before a restart is recognised, not imported twice. A dry run decides the same and
 * writes nothing.
 */

import type { Scope } from '../auth/scope';
import { yieldToRequests } from '../background';
import type { ImportOptions } from '../contract/imports';
import type { Link } from '../contract/links';
import type { LinkService } from '../links/linkService';
import { MAX_TITLE_LENGTH, type NewLinkFields, parseNewLink } from '../links/linkValidation';
import { shortCodeProblem } from '../links/shortCode';
import type { CodeHolder, ImportWrites } from '../storage/repositories/importWrites';
import type { ImportTally } from './importTally';
import { inTurns, type PartSize } from './importTurns';
import type { SourceLink } from './sources/importSource';

export const CODE_TAKEN = 'The short code is taken by another link';
const SUFFIXES_TRIED = 20;

export interface LinkPageDeps {
  scope: Scope;
  sourceKey: string;
  dryRun: boolean;
  options: ImportOptions;
  writes: ImportWrites;
  links: LinkService;
  tally: ImportTally;
  /** Told of each source link now imported (or, in a dry run, that would be). */
  onImported: (ref: string) => void;
  /** The job's size of a part of links. */
  partSize: PartSize;
}

type Candidate = { row: SourceLink; fields: NewLinkFields };

export const domainLeftOut = (domain: string) =>
  `Its domain ${domain} is not this service's: the link is on the default domain`;

/** Lists what the import left out of a link it brought in. */
function noteWarnings(deps: LinkPageDeps, row: SourceLink): void {
  if (row.domain) deps.tally.problem(row.ref, domainLeftOut(row.domain));
  for (const warning of row.warnings ?? []) deps.tally.problem(row.ref, warning);
}

/** The row as a create's fields, or why Me refuses it. */
function fieldsOf(row: SourceLink): NewLinkFields | string {
  // A row without a code (a CSV's) gets a random one, as a create without one does.
  const problem = row.short_code === '' ? undefined : shortCodeProblem(row.short_code);
  if (problem) return problem;
  try {
    return parseNewLink({
      ...row.fields,
      target_url: row.target_url,
      short_code: row.short_code === '' ? undefined : row.short_code,
      title: (row.title ?? '').slice(0, MAX_TITLE_LENGTH),
    });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A free `<code>-n` for a taken code, or undefined. */
async function freeSuffix(deps: LinkPageDeps, code: string): Promise<string | undefined> {
  const tries = Array.from({ length: SUFFIXES_TRIED }, (_, index) => `${code}-${index + 2}`);
  const held = new Set((await deps.writes.holders(deps.scope, tries)).map((holder) => holder.short_code));
  return tries.find((candidate) => !held.has(candidate) && shortCodeProblem(candidate) === undefined);
}

/** What to do with a candidate whose code is held: adopt the holder, take a suffix, or list the conflict. */
async function settleHeld(
  deps: LinkPageDeps,
  candidate: Candidate,
  holder: CodeHolder,
): Promise<Candidate | undefined> {
  const { row } = candidate;
  if (holder.own && holder.import_source === null && holder.target_url === candidate.fields.target_url) {
    if (!deps.dryRun) await deps.writes.markImported(deps.sourceKey, [{ linkId: holder.id, row }]);
    deps.tally.links.created++;
    noteWarnings(deps, row);
    deps.onImported(row.ref);
    return undefined;
  }
  deps.tally.links.conflicts++;
  const suffixed = deps.options.on_conflict === 'suffix' ? await freeSuffix(deps, row.short_code) : undefined;
  if (suffixed === undefined) {
    deps.tally.problem(row.ref, CODE_TAKEN);
    return undefined;
  }
  deps.tally.problem(row.ref, `${CODE_TAKEN}: imported as ${suffixed}`);
  return { row, fields: { ...candidate.fields, short_code: suffixed } };
}

/** The page's rows not imported before, valid, with their codes settled. */
async function candidatesOf(deps: LinkPageDeps, rows: readonly SourceLink[]): Promise<Candidate[]> {
  const { tally } = deps;
  const before = await deps.writes.imported(
    deps.scope,
    deps.sourceKey,
    rows.map((row) => row.ref),
  );
  const valid: Candidate[] = [];
  for (const row of rows) {
    const earlier = before.get(row.ref);
    if (earlier) {
      tally.links.skipped++;
      deps.onImported(row.ref);
      // The source's total is no field of the user's: it follows the source.
      if (row.imported_clicks !== undefined && !deps.dryRun)
        await deps.writes.setImportedClicks(earlier.id, row.imported_clicks);
      continue;
    }
    const fields = fieldsOf(row);
    if (typeof fields === 'string') {
      tally.links.skipped++;
      tally.problem(row.ref, fields);
    } else valid.push({ row, fields });
  }
  const holders = new Map(
    (
      await deps.writes.holders(
        deps.scope,
        valid.map((candidate) => candidate.row.short_code),
      )
    ).map((holder) => [holder.short_code, holder]),
  );
  const settled: Candidate[] = [];
  for (const candidate of valid) {
    const holder = holders.get(candidate.row.short_code);
    const next = holder ? await settleHeld(deps, candidate, holder) : candidate;
    if (next) settled.push(next);
  }
  return settled;
}

/**
 * Imports one page of links (RuleError 403 beyond the owner's link limit) in parts sized by their
 * CPU time, each its own transaction, a turn of the event loop after each (importTurns.ts).
 */
export async function importLinkPage(deps: LinkPageDeps, rows: readonly SourceLink[]): Promise<void> {
  await inTurns(rows, deps.partSize, async (part) => {
    await importLinkPart(deps, part);
    return true;
  });
  await yieldToRequests();
}

async function importLinkPart(deps: LinkPageDeps, rows: readonly SourceLink[]): Promise<void> {
  const { tally } = deps;
  tally.links.seen += rows.length;
  const candidates = await candidatesOf(deps, rows);
  if (deps.dryRun) {
    tally.links.created += candidates.length;
    for (const candidate of candidates) {
      deps.onImported(candidate.row.ref);
      noteWarnings(deps, candidate.row);
    }
    return;
  }
  const outcomes = await deps.links.createMany(
    deps.scope,
    candidates.map((candidate) => candidate.fields),
  );
  const created: { linkId: number; row: SourceLink }[] = [];
  for (const [index, outcome] of outcomes.entries()) {
    const { row } = candidates[index]!;
    if (typeof outcome !== 'string') created.push({ linkId: (outcome as Link).id, row });
    else {
      tally.problem(row.ref, outcome);
      if (outcome === CODE_TAKEN || /taken/i.test(outcome)) tally.links.conflicts++;
      else tally.links.skipped++;
    }
  }
  // One transaction for the part: a commit a link cost more than creating the links did.
  await deps.writes.markImported(deps.sourceKey, created);
  for (const { row } of created) {
    tally.links.created++;
    noteWarnings(deps, row);
    deps.onImported(row.ref);
  }
}
