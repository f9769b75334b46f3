/**
 * What a soak run's figures mean (pure): its arguments, the per-minute window, and the verdict.
 * `npm run soak` (scripts/soak.ts) fails when, after the first 5 minutes, RSS grew by more than
 * 10 %, the p99 trends upward, any request erred, or an answered click was not stored.
 */
import { median } from '../bench/stats';

export interface SoakArgs {
  minutes: number;
  /** Redirects a second; analytics reads and API writes go at a tenth of it each (at least 1/s). */
  rate: number;
  /** Seconds per reported window (60; shorter for a quick look). */
  windowSeconds: number;
  store: 'sqlite' | 'postgres';
  help: boolean;
}

export const SOAK_USAGE = `Usage: npm run soak -- --minutes N [options]

  --minutes N        how long to run (required)
  --rate R           redirects a second (default 200); analytics reads and API writes at R/10 each
  --window S         seconds per reported line (default 60)
  --store postgres   on PostgreSQL (DATABASE_URL, else the local test server) instead of SQLite
  --help             this text`;

export class SoakArgsError extends Error {}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new SoakArgsError(`${name} must be a positive number (got "${value}")`);
  return number;
}

export function parseSoakArgs(argv: readonly string[]): SoakArgs {
  const given = new Map<string, string>();
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') help = true;
    else if (['--minutes', '--rate', '--window', '--store'].includes(arg)) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new SoakArgsError(`${arg} needs a value`);
      given.set(arg, value);
      i++;
    } else throw new SoakArgsError(`unknown option "${arg}" (see --help)`);
  }
  const store = given.get('--store') ?? 'sqlite';
  if (store !== 'sqlite' && store !== 'postgres')
    throw new SoakArgsError(`--store is sqlite or postgres (got "${store}")`);
  if (!help && !given.has('--minutes')) throw new SoakArgsError('--minutes is required (see --help)');
  return {
    minutes: positive('--minutes', given.get('--minutes'), 1),
    rate: positive('--rate', given.get('--rate'), 200),
    windowSeconds: positive('--window', given.get('--window'), 60),
    store,
    help,
  };
}

/** One reported window. */
export interface SoakWindow {
  /** Minutes since the start at the window's end. */
  minute: number;
  rssMb: number;
  p99Ms: number;
  requests: number;
  errors: number;
  /** The server's CPU time (user + system) per request of the window, µs; undefined without /proc. */
  cpuUsPerRequest?: number;
  /** The machine's 1-minute load average at the window's end: what else the CPUs were doing. */
  load?: number;
}

/**
 * The Theil–Sen slope: the median of the slopes between every pair of points. One slow minute (a
 * neighbour's build, a GC pause) moves it little, where a least-squares line would follow it.
 */
export function theilSenSlope(values: readonly number[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) slopes.push((values[j]! - values[i]!) / (j - i));
  }
  return slopes.length === 0 ? 0 : median(slopes);
}

/**
 * True when the p99s rise over the run: the robust slope, carried over the whole run, adds more
 * than half the median p99 and more than 2 ms (a p99 of a few milliseconds jitters by that much).
 * Needs 4 windows at least; fewer say nothing.
 */
export function p99TrendsUpward(p99s: readonly number[]): boolean {
  if (p99s.length < 4) return false;
  const rise = theilSenSlope(p99s) * (p99s.length - 1);
  return rise > Math.max(2, 0.5 * median(p99s));
}

/**
 * The windows after the warm-up (its first minutes: caches filling, the JIT, the first folds) when
 * at least 4 remain, else every window: the trend of the p99 is judged on the run's steady part,
 * as RSS growth is.
 */
export function steadyWindows(windows: readonly SoakWindow[], warmupMinutes = 5): readonly SoakWindow[] {
  const after = windows.filter((window) => window.minute > warmupMinutes);
  return after.length >= 4 ? after : windows;
}

/**
 * How much RSS grew, as a fraction, from the end of the warm-up (the last window within its first
 * minutes) to the last window. A run no longer than the warm-up compares its first and last windows.
 */
export function rssGrowth(windows: readonly SoakWindow[], warmupMinutes = 5): number | undefined {
  if (windows.length < 2) return undefined;
  const warm = windows.filter((window) => window.minute <= warmupMinutes);
  const baseline = warm.length > 0 && warm.length < windows.length ? warm[warm.length - 1]! : windows[0]!;
  return (windows[windows.length - 1]!.rssMb - baseline.rssMb) / baseline.rssMb;
}

export interface SoakTotals {
  answeredClicks: number;
  storedClicks: number;
}

/** Every reason the run failed; empty when it passed. */
export function soakProblems(windows: readonly SoakWindow[], totals: SoakTotals): string[] {
  const problems: string[] = [];
  const growth = rssGrowth(windows);
  if (growth !== undefined && growth > 0.1)
    problems.push(`RSS grew by ${(growth * 100).toFixed(1)} % (more than 10 %)`);
  const p99s = steadyWindows(windows).map((window) => window.p99Ms);
  if (p99TrendsUpward(p99s)) problems.push(`p99 trends upward (${p99s.map((p) => p.toFixed(1)).join(', ')} ms)`);
  const errors = windows.reduce((sum, window) => sum + window.errors, 0);
  if (errors > 0) problems.push(`${errors} request(s) erred`);
  if (totals.storedClicks < totals.answeredClicks) {
    problems.push(`${totals.answeredClicks - totals.storedClicks} answered click(s) not stored`);
  }
  return problems;
}
