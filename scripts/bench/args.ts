/** `npm run bench -- [options]` → validated settings (pure). */
import { EVENTS_PARTS, type EventsPart, PACE_SHARE } from './events';

export type Generator = 'wrk' | 'autocannon';

export interface BenchArgs {
  quick: boolean;
  /** Where to write the figures as JSON; undefined: don't. */
  jsonFile: string | undefined;
  /** undefined: wrk when installed, else autocannon. */
  generator: Generator | undefined;
  connections: number;
  /** Seconds per measured run. */
  durationSeconds: number;
  /** Seconds of warm-up load before the measured runs. */
  warmupSeconds: number;
  runs: number;
  /** Links in the redirect database. */
  links: number;
  /** Clicks in the analytics and memory database. */
  clicks: number;
  /** postgres: measure PostgreSQL beside SQLite (DATABASE_URL, else the local test server). */
  store: 'sqlite' | 'postgres';
  /**
   * The stores the analytics phase seeds and times: with --store postgres, both (default) or
   * PostgreSQL alone (--analytics postgres: a seed of ten million clicks takes long enough on one).
   */
  analytics: 'both' | 'postgres';
  /** A git revision to build in a temp worktree and bench interleaved with the current tree (bench/againstRun.ts). */
  against: string | undefined;
  /** Where Me's processes write Node's CPU profiles (--cpu-prof); undefined: not profiled. */
  cpuProfileDir: string | undefined;
  /** More Node flags for Me's server processes (--node-flags, e.g. --perf-prof for npm run profile:events). */
  nodeFlags: string[];
  /** --pace-share: the events phase's paced runs at this share of the plain server's unpaced rate (bench/events.ts). */
  paceShare: number;
  /** --events-without: the parts the events phase's server runs without (to tell each part's share; bench/events.ts). */
  eventsWithout: EventsPart[];
  /** --events-only: the events phase and the 10,000-streams phase alone (bench/events.ts). */
  eventsOnly: boolean;
  /** --redirect-only: the redirect phase alone (Me against the floor, its domains, splits, rules and the hub page). */
  redirectOnly: boolean;
  /** --analytics-only: the analytics phase alone (seed --clicks, time the calls, the memory with them loaded). */
  analyticsOnly: boolean;
  /** --replica: the analytics calls alone, read from a streaming replica of a primary of the bench's own (bench/replica.ts). */
  replica: boolean;
  help: boolean;
}

export const USAGE = `Usage: npm run bench -- [options]

  --quick              every phase shortened: the whole run takes under a minute
  --json FILE          also write the figures as JSON to FILE
  --generator NAME     wrk or autocannon (default: wrk when installed, else autocannon)
  --connections N      concurrent connections (default 50)
  --duration S         seconds per measured run (default 10, --quick 3)
  --runs N             measured runs per server; medians are reported (default 3)
  --clicks N           clicks in the analytics/memory database (default 1000000, --quick 100000)
  --store postgres     also measure PostgreSQL, beside SQLite in the same interleaved runs: DATABASE_URL,
                       else postgres://postgres@127.0.0.1:5432/test; in a schema of its own, dropped after
  --analytics postgres with --store postgres: seed and time the analytics calls on PostgreSQL only
                       (the memory figures with clicks loaded are then PostgreSQL's server's)
  --against REV        build the git revision REV in a temporary worktree and run its bench and this tree's
                       in turns (REV first), --runs N times each (default 3, at least 3), then print each
                       figure's medians side by side with current / REV; --json FILE writes that comparison
  --cpu-prof DIR       run Me's server processes with node --cpu-prof, writing their profiles into DIR
                       (the figures then include the profiler's own cost: read them as a profile, not a bench)
  --node-flags "F…"    more Node flags for Me's server processes, in one argument (e.g. "--perf-prof": what
                       npm run profile:events uses; the figures then include their cost)
  --redirect-only      only the redirect phase (Me against the floor, the custom domain, splits, 20 rules, the hub
                       page): minutes less per run when iterating on the redirect path, also with --against
  --analytics-only     only the analytics phase: seed --clicks and time the calls, and the server's memory with them
                       loaded, on SQLite (with --store postgres also on PostgreSQL; --analytics postgres: there alone)
  --events-only        only the events phase (a webhook, a broker and 100 streams) and the 10,000 streams
  --pace-share X       the events phase's paced runs at X × the plain server's unpaced rate (0.1 to 1, default
                       ${PACE_SHARE}): lower, where the server with events cannot keep that rate (the bench says so)
  --events-without P   the events phase's server without these parts, comma-separated (${EVENTS_PARTS.join(', ')}), to
                       tell each part's share; its ratio is then not the target's, and the bench says so
  --replica            only the analytics calls, on a PostgreSQL primary of the bench's own (seeded with --clicks,
                       default 10000000, --quick 100000) read through a pg_basebackup standby of it
                       (DATABASE_REPLICA_URLS); needs PostgreSQL's server binaries
  --help               this text`;

export class ArgsError extends Error {}

const FULL = { durationSeconds: 10, warmupSeconds: 5, clicks: 1_000_000 };
const QUICK = { durationSeconds: 3, warmupSeconds: 1, clicks: 100_000 };
/** --replica's default: the ten million clicks docs/scaling.md measures a primary with a replica at. */
const REPLICA_CLICKS = 10_000_000;

export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const given = new Map<string, string>();
  let quick = false;
  let help = false;
  let eventsOnly = false;
  let replica = false;
  let redirectOnly = false;
  let analyticsOnly = false;
  let nodeFlags: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') quick = true;
    else if (arg === '--help' || arg === '-h') help = true;
    else if (arg === '--events-only') eventsOnly = true;
    else if (arg === '--replica') replica = true;
    else if (arg === '--redirect-only') redirectOnly = true;
    else if (arg === '--analytics-only') analyticsOnly = true;
    else if (arg === '--node-flags') {
      // Its value starts with -- itself.
      nodeFlags = nodeFlagsOf(argv[i + 1]);
      i++;
    } else if (
      [
        '--json',
        '--generator',
        '--connections',
        '--duration',
        '--runs',
        '--clicks',
        '--store',
        '--analytics',
        '--against',
        '--cpu-prof',
        '--pace-share',
        '--events-without',
      ].includes(arg)
    ) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new ArgsError(`${arg} needs a value`);
      given.set(arg, value);
      i++;
    } else throw new ArgsError(`unknown option "${arg}" (see --help)`);
  }
  const defaults = quick ? QUICK : FULL;
  const generator = given.get('--generator');
  if (generator !== undefined && generator !== 'wrk' && generator !== 'autocannon') {
    throw new ArgsError(`--generator must be wrk or autocannon (got "${generator}")`);
  }
  const store = given.get('--store') ?? 'sqlite';
  if (store !== 'sqlite' && store !== 'postgres') {
    throw new ArgsError(`--store must be sqlite or postgres (got "${store}")`);
  }
  const analytics = given.get('--analytics') ?? 'both';
  if (analytics !== 'both' && analytics !== 'postgres') {
    throw new ArgsError(`--analytics must be both or postgres (got "${analytics}")`);
  }
  if (analytics === 'postgres' && store !== 'postgres')
    throw new ArgsError('--analytics postgres needs --store postgres');
  const against = given.get('--against');
  const runs = wholeNumber(given, '--runs', 3, 1, 99);
  if (against !== undefined && runs < 3) throw new ArgsError(`--against needs --runs 3 or more (got ${runs})`);
  if (replica && (eventsOnly || against !== undefined))
    throw new ArgsError('--replica runs alone: not with --events-only or --against');
  if (redirectOnly && (eventsOnly || replica))
    throw new ArgsError('--redirect-only runs the redirect phase alone: not with --events-only or --replica');
  if (analyticsOnly && (redirectOnly || eventsOnly || replica || against !== undefined))
    throw new ArgsError('--analytics-only runs the analytics phase alone: not with another phase option or --against');
  return {
    store,
    analytics,
    quick,
    jsonFile: given.get('--json'),
    generator,
    connections: wholeNumber(given, '--connections', 50, 1, 10_000),
    durationSeconds: wholeNumber(given, '--duration', defaults.durationSeconds, 1, 600),
    warmupSeconds: defaults.warmupSeconds,
    runs,
    links: 10_000,
    clicks: wholeNumber(given, '--clicks', replica && !quick ? REPLICA_CLICKS : defaults.clicks, 0, 100_000_000),
    against,
    cpuProfileDir: given.get('--cpu-prof'),
    nodeFlags,
    paceShare: share(given, '--pace-share', PACE_SHARE),
    eventsWithout: partsOf(given.get('--events-without')),
    eventsOnly,
    redirectOnly,
    analyticsOnly,
    replica,
    help,
  };
}

/** --events-without's value: parts of EVENTS_PARTS, comma-separated, each once. */
function partsOf(value: string | undefined): EventsPart[] {
  if (value === undefined) return [];
  const parts = value.split(',').map((part) => part.trim());
  const wrong = parts.find((part) => !(EVENTS_PARTS as readonly string[]).includes(part));
  if (wrong !== undefined || new Set(parts).size !== parts.length)
    throw new ArgsError(
      `--events-without takes ${EVENTS_PARTS.join(', ')}, comma-separated, each once (got "${value}")`,
    );
  return parts as EventsPart[];
}

/** --node-flags' one argument: Node flags, each starting with --, separated by spaces. */
function nodeFlagsOf(value: string | undefined): string[] {
  const flags = value?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (flags.length === 0)
    throw new ArgsError('--node-flags needs a value: the flags in one argument, e.g. "--perf-prof"');
  const wrong = flags.find((flag) => !flag.startsWith('--'));
  if (wrong !== undefined) throw new ArgsError(`--node-flags takes Node flags, each starting with -- (got "${wrong}")`);
  return flags;
}

/** A share from 0.1 to 1, at most two decimals (pure). */
function share(given: Map<string, string>, name: string, fallback: number): number {
  const value = given.get(name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d?(\.\d{1,2})?$/.test(value) || !(n >= 0.1 && n <= 1)) {
    throw new ArgsError(`${name} must be a number from 0.1 to 1 with at most two decimals (got "${value}")`);
  }
  return n;
}

function wholeNumber(given: Map<string, string>, name: string, fallback: number, min: number, max: number): number {
  const value = given.get(name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ArgsError(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return n;
}
