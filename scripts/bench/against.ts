/**
 * `npm run bench -- --against REV` (pure parts): the child bench runs' arguments, their
 * interleaved order, and the table of medians side by side. The runner is bench/againstRun.ts.
 */
import { median, ratio } from './stats';

export type Side = 'current' | 'against';

/** The options --against takes from the command line itself instead of passing them to each child run. */
const OWN_OPTIONS = new Set(['--against', '--runs', '--json']);

/** Options that only narrow what a run measures: a revision whose bench lacks one runs without it. */
export const NARROWING_OPTIONS: readonly string[] = ['--redirect-only'];

/**
 * The arguments of one child bench run: the command line without --against, --runs and --json,
 * and without the narrowing options its bench does not know (`knows`), then one measured run whose
 * figures go to jsonFile.
 */
export function childBenchArgs(
  argv: readonly string[],
  jsonFile: string,
  knows: (option: string) => boolean = () => true,
): string[] {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (OWN_OPTIONS.has(arg)) i++;
    else if (!NARROWING_OPTIONS.includes(arg) || knows(arg)) kept.push(arg);
  }
  return [...kept, '--runs', '1', '--json', jsonFile];
}

/** A B A B …: the revision first in every round, `rounds` runs each. */
export function interleaveOrder(rounds: number): Side[] {
  const order: Side[] = [];
  for (let round = 0; round < rounds; round++) order.push('against', 'current');
  return order;
}

/** Fields of the bench's JSON that describe the run rather than measure it. */
const NOT_FIGURES = new Set(['started_at', 'machine', 'settings']);

/** The numeric figures of one bench JSON, by dotted path (`postgres.redirect.cpu_us`), in the JSON's order. */
export function flattenFigures(json: unknown, prefix = ''): Map<string, number> {
  const figures = new Map<string, number>();
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return figures;
  for (const [key, value] of Object.entries(json)) {
    if (prefix === '' && NOT_FIGURES.has(key)) continue;
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'number' && Number.isFinite(value)) figures.set(name, value);
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, figure] of flattenFigures(value, name)) figures.set(inner, figure);
    }
  }
  return figures;
}

export interface ComparedFigure {
  name: string;
  current: number;
  against: number;
  /** current / against, 2 decimals; NaN when either side lacks the figure or against is 0. */
  ratio: number;
  /** Each side's runs, in order (a run without the figure is left out). */
  currentRuns: number[];
  againstRuns: number[];
}

/** Every figure either side reported, with each side's median and their ratio (current's order, then the revision's own). */
export function compareFigures(
  currentRuns: readonly Map<string, number>[],
  againstRuns: readonly Map<string, number>[],
): ComparedFigure[] {
  const names = new Set<string>();
  for (const run of [...currentRuns, ...againstRuns]) for (const name of run.keys()) names.add(name);
  const values = (runs: readonly Map<string, number>[], name: string) =>
    runs.flatMap((run) => (run.has(name) ? [run.get(name)!] : []));
  return [...names].map((name) => {
    const currentValues = values(currentRuns, name);
    const againstValues = values(againstRuns, name);
    const current = median(currentValues);
    const against = median(againstValues);
    return {
      name,
      current,
      against,
      ratio: ratio(current, against),
      currentRuns: currentValues,
      againstRuns: againstValues,
    };
  });
}

function figure(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const digits = Math.abs(value) >= 1000 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** The side-by-side table: figure, the revision's median, the current tree's, current / revision. */
export function formatComparison(revision: string, rows: readonly ComparedFigure[], rounds: number): string {
  const header = ['figure', revision, 'current', 'current / against'];
  const body = rows.map((row) => [row.name, figure(row.against), figure(row.current), figure(row.ratio)]);
  const all = [header, ...body];
  const widths = header.map((_, column) => Math.max(...all.map((line) => line[column]!.length)));
  const lines = all.map((line) =>
    line.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join('   '),
  );
  return [
    `Medians of ${rounds} interleaved runs each (${revision} and the current tree taking turns, ${revision} first)`,
    '',
    lines[0]!,
    '-'.repeat(lines[0]!.length),
    ...lines.slice(1),
  ].join('\n');
}
