/**
 * One page of a source's links brought in (docs/api.md#imports). A link the owner imported from
 * the same source before is left as it is (skipped: nothing the user changed since is touched). A
 * row Me would refuse (a reserved or malformed code, a destination that is not http(s)) is skipped
 * with its reason. A code held by another link, or taken by an earlier row, is a conflict, listed:
 * skipped, or with `on_conflict: "suffix"` imported as `<code>-2` (or -3, …). A link of the owner's with the same
 * code and destination and no source yet is taken as the imported one: a batch whose links were
 * created just before a restart is recognised, not imported twice. A dry run decides the same,
 * the create's own rules checked too (LinkService.checkMany), and writes nothing. Each part's writes (its links, their marks, the job's step with its figures) are
 * one transaction that finds the job still running, or rolled back: a cancelled job stores no more.
 */

import type { Scope } from '../auth/scope';
import { yieldToRequests } from '../background';
import { cutToCharacters } from '../contract/characters';
import type { ImportOptions } from '../contract/imports';
import type { Link } from '../contract/links';
import type { LinkService } from '../links/linkService';
import { MAX_TITLE_LENGTH, type NewLinkFields, parseNewLink } from '../links/linkValidation';
import { shortCodeProblem } from '../links/shortCode';
import type { Executor } from '../storage/executor';
import type { ImportStep } from '../storage/repositories/importRepository';
import {
  type CodeHolder,
  ImportCancelled,
  type ImportedRow,
  type ImportWrites,
} from '../storage/repositories/importWrites';
import { type Candidate, holdersWhereTheyGo, onItsDomain } from './importLinkDomains';
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
  /** A dry run's links so far, which it does not store: their codes are taken, and they count toward the limit. */
  planned: { codes: Set<string>; count: number };
  jobId: number;
  /** The job's step once `part` is in, saved with the part's writes. */
  step: (part: readonly SourceLink[]) => ImportStep;
}

/** The codes earlier rows take: of this part, and of a dry run's earlier parts (kept in LinkPageDeps.planned). */
interface Claimed {
  has(code: string): boolean;
  add(code: string): void;
}

/** A part's rows to create, and its writes to links already there, kept with the links it creates. */
interface PartPlan {
  candidates: Candidate[];
  /** The owner's links taken as the imported ones. */
  adopted: { linkId: number; row: ImportedRow }[];
  /** The source's click totals of links imported before. */
  totals: { linkId: number; clicks: number }[];
}

export const domainLeftOut = (domain: string) =>
  `Its domain ${domain} is not this service's: the link is on the default domain`;

/** Lists what the import left out of a link it brought in. */
function noteWarnings(deps: LinkPageDeps, row: SourceLink): void {
  if (row.domain) deps.tally.problem(row.ref, domainLeftOut(row.domain));
  for (const warning of row.warnings ?? []) deps.tally.problem(row.ref, warning);
}

/** A row the create's rules refused: a conflict when its code is taken, else skipped; listed with the reason. */
function refused(tally: ImportTally, ref: string, problem: string): void {
  tally.problem(ref, problem);
  if (problem === CODE_TAKEN || /taken/i.test(problem)) tally.links.conflicts++;
  else tally.links.skipped++;
}

/** The row as a create's fields, or why Me refuses it. */
function fieldsOf(row: SourceLink): NewLinkFields | string {
  // A source's link without a code as text (a Kutt link answered without its address) is refused
  // like an empty code, not a crash that fails the job; a CSV row's empty code gets a random one.
  if (typeof row.short_code !== 'string') return shortCodeProblem('')!;
  // A row without a code (a CSV's) gets a random one, as a create without one does.
  const problem = row.short_code === '' ? undefined : shortCodeProblem(row.short_code);
  if (problem) return problem;
  try {
    return parseNewLink({
      ...row.fields,
      target_url: row.target_url,
      short_code: row.short_code === '' ? undefined : row.short_code,
      title: cutToCharacters(row.title ?? '', MAX_TITLE_LENGTH),
    });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A free `<code>-n` for a taken code (held by no link where it goes, taken by no earlier row), or undefined. */
async function freeSuffix(deps: LinkPageDeps, { fields }: Candidate, claimed: Claimed): Promise<string | undefined> {
  const code = fields.short_code!;
  const tries = Array.from({ length: SUFFIXES_TRIED }, (_, index) => `${code}-${index + 2}`);
  const holders = await deps.writes.holders(deps.scope, tries, fields.domain ?? null);
  const held = new Set(holders.map((holder) => holder.short_code));
  return tries.find(
    (candidate) => !held.has(candidate) && !claimed.has(candidate) && shortCodeProblem(candidate) === undefined,
  );
}

/** A candidate whose code another link holds (or an earlier row takes): listed, and skipped or given a free suffix. */
async function settleConflict(deps: LinkPageDeps, candidate: Candidate, claimed: Claimed) {
  const { row } = candidate;
  deps.tally.links.conflicts++;
  const suffixed = deps.options.on_conflict === 'suffix' ? await freeSuffix(deps, candidate, claimed) : undefined;
  if (suffixed === undefined) {
    deps.tally.problem(row.ref, CODE_TAKEN);
    return undefined;
  }
  deps.tally.problem(row.ref, `${CODE_TAKEN}: imported as ${suffixed}`);
  return { row, fields: { ...candidate.fields, short_code: suffixed } };
}

/** What to do with a candidate whose code is held: adopt the holder, take a suffix, or list the conflict. */
async function settleHeld(
  deps: LinkPageDeps,
  plan: PartPlan,
  candidate: Candidate,
  holder: CodeHolder,
  claimed: Claimed,
): Promise<Candidate | undefined> {
  const { row } = candidate;
  if (holder.own && holder.import_source === null && holder.target_url === candidate.fields.target_url) {
    plan.adopted.push({ linkId: holder.id, row });
    deps.tally.links.created++;
    noteWarnings(deps, row);
    deps.onImported(row.ref);
    return undefined;
  }
  return settleConflict(deps, candidate, claimed);
}

/** The part's rows not imported before, valid, with their codes settled; the writes to links already there. */
async function planOf(deps: LinkPageDeps, rows: readonly SourceLink[]): Promise<PartPlan> {
  const { tally } = deps;
  const plan: PartPlan = { candidates: [], adopted: [], totals: [] };
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
      if (row.imported_clicks !== undefined) plan.totals.push({ linkId: earlier.id, clicks: row.imported_clicks });
      continue;
    }
    const fields = fieldsOf(row);
    if (typeof fields === 'string') {
      tally.links.skipped++;
      tally.problem(row.ref, fields);
    } else valid.push(await onItsDomain(deps, { row, fields }));
  }
  const { settled: placed, holders } = await holdersWhereTheyGo(deps, valid);
  // The codes earlier rows take (of this part, and of a dry run's earlier parts, which it does not
  // store): a later row with one is a conflict like a code another link holds.
  const here = new Set<string>();
  const claimed: Claimed = {
    has: (code) => here.has(code) || (deps.dryRun && deps.planned.codes.has(code)),
    add: (code) => here.add(code),
  };
  for (const candidate of placed) {
    const code = candidate.row.short_code;
    const holder = holders.get(candidate);
    const next = claimed.has(code)
      ? await settleConflict(deps, candidate, claimed)
      : holder
        ? await settleHeld(deps, plan, candidate, holder, claimed)
        : candidate;
    if (code !== '') claimed.add(code);
    if (next?.fields.short_code !== undefined) claimed.add(next.fields.short_code);
    if (next) plan.candidates.push(next);
  }
  return plan;
}

/**
 * Imports one page of links (RuleError 403 beyond the owner's link limit) in parts sized by their
 * CPU time, each its own transaction, a turn of the event loop after each (importTurns.ts); false
 * when the job was cancelled meanwhile (the part under way rolled back).
 */
export async function importLinkPage(deps: LinkPageDeps, rows: readonly SourceLink[]): Promise<boolean> {
  const done = await inTurns(rows, deps.partSize, (part) => importLinkPart(deps, part));
  await yieldToRequests();
  return done;
}

async function importLinkPart(deps: LinkPageDeps, rows: readonly SourceLink[]): Promise<boolean> {
  const { tally } = deps;
  tally.links.seen += rows.length;
  const plan = await planOf(deps, rows);
  if (deps.dryRun) {
    // The rules a create checks (a destination on this service, a domain, the link limit), nothing written.
    const fields = plan.candidates.map((candidate) => candidate.fields);
    const problems = await deps.links.checkMany(deps.scope, fields, deps.planned.count);
    for (const [index, { row }] of plan.candidates.entries()) {
      const problem = problems[index];
      if (problem !== undefined) {
        refused(tally, row.ref, problem);
        continue;
      }
      tally.links.created++;
      deps.planned.count++;
      if (fields[index]!.short_code !== undefined) deps.planned.codes.add(fields[index]!.short_code);
      deps.onImported(row.ref);
      noteWarnings(deps, row);
    }
    // Its figures saved with each part, as an import's are (a progress bar reads them), and a cancel seen.
    return settled(
      deps.writes.settleLinks(deps.jobId, { source: deps.sourceKey, marks: [], totals: [] }, deps.step(rows)),
    );
  }
  // The part's links, their marks and the job's step in one transaction (one commit, not one a link).
  const settle = async (tx: Executor | undefined, outcomes: readonly (Link | string)[]) => {
    const created: { linkId: number; row: SourceLink }[] = [];
    for (const [index, outcome] of outcomes.entries()) {
      const { row } = plan.candidates[index]!;
      if (typeof outcome !== 'string') created.push({ linkId: outcome.id, row });
      else refused(tally, row.ref, outcome);
    }
    for (const { row } of created) {
      tally.links.created++;
      noteWarnings(deps, row);
      deps.onImported(row.ref);
    }
    const settled = { source: deps.sourceKey, marks: [...plan.adopted, ...created], totals: plan.totals };
    await deps.writes.settleLinks(deps.jobId, settled, deps.step(rows), tx);
  };
  return settled(
    plan.candidates.length === 0
      ? settle(undefined, [])
      : deps.links.createMany(
          deps.scope,
          plan.candidates.map((candidate) => candidate.fields),
          settle,
        ),
  );
}

/** True once the part's writes are in; false when the job was cancelled meanwhile (they were rolled back). */
async function settled(writes: Promise<unknown>): Promise<boolean> {
  try {
    await writes;
    return true;
  } catch (error) {
    if (error instanceof ImportCancelled) return false;
    throw error;
  }
}
