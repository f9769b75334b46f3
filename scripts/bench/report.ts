/** The bench's figures → the console table and the JSON file (pure). */

import type { AnalyticsTiming } from './analytics';
import { type EventsFigures, eventsJson, eventsLines } from './events';
import { HUB_TARGETS } from './hub';
import { type ImportFigures, importJson, importLines } from './importYourls';
import { median, ratio } from './stats';
import type { LoadResult } from './wrkScript';

export interface MachineInfo {
  cpuModel: string;
  cpus: number;
  memoryGb: number;
  os: string;
  node: string;
  generator: string;
  pinning: string;
}

export interface BenchSettings {
  quick: boolean;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  runs: number;
  links: number;
}

export interface RedirectFigures {
  /** Measured runs (warm-up excluded). */
  product: LoadResult[];
  floor: LoadResult[];
  /** The product's runs on a verified custom domain (the same links and visits, `Host` the domain). */
  customDomain?: LoadResult[];
  /** 2xx/3xx responses the product sent, warm-up included: clicks that must be stored. */
  answered: number;
  /** Clicks in the database after a clean SIGTERM; undefined if it could not be counted. */
  stored: number | undefined;
  /** The product's exit code after SIGTERM (0 = clean). */
  exitCode: number | null;
  /** The same load on split links (two variants each), interleaved with the plain runs (SQLite only). */
  split?: LoadResult[];
  /** The same load on links with 20 redirect rules each, none holding (SQLite only). */
  rules?: LoadResult[];
}

/** PostgreSQL beside SQLite (`--store postgres`): the same measurements, in the same interleaved runs. */
export interface PostgresFigures {
  redirect: RedirectFigures;
  analytics: AnalyticsFigures;
  /** CPU µs of the PostgreSQL server processes per answered redirect, per run (the database's share). */
  databaseCpuUs: number[];
}

export type AnalyticsFigures =
  | { status: 'ok'; clicks: number; links?: number; seedMs: number; timings: AnalyticsTiming[] }
  | { status: 'unavailable'; reason: string };

export interface MemoryFigures {
  startMb: number | undefined;
  afterRedirectsMb: number | undefined;
  /** With the analytics database loaded: right after start, and after the analytics calls. */
  withClicksStartMb: number | undefined;
  withClicksMb: number | undefined;
  withClicksPeakMb: number | undefined;
  clicks: number | undefined;
}

export interface BenchResult {
  startedAt: string;
  machine: MachineInfo;
  settings: BenchSettings;
  redirect: RedirectFigures;
  /** The 100-item hub page's runs, on the redirect runs' server. */
  hub: LoadResult[];
  analytics: AnalyticsFigures;
  memory: MemoryFigures;
  postgres?: PostgresFigures;
  events?: EventsFigures;
  /** The YOURLS import phase (bench/importYourls.ts); null when it failed, undefined when not run. */
  imports?: ImportFigures | null;
}

export const TARGETS = {
  ratioToFloor: 0.5,
  p99Ms: 5,
  rssMb: 250,
  customDomainOverPercent: 5,
  splitOverPercent: 5,
  rulesOverPercent: 5,
};
/** RSS with ten million clicks (docs/performance.md, "Ten million clicks"); TARGETS.rssMb is for one million. */
export const RSS_TARGET_10M_MB = 300;

/**
 * How much more CPU per request a custom domain's redirect costs than the default domain's, in %:
 * each round's own excess (pairedOverPercent), as for the split and 20-rule links.
 */
export function customDomainOverPercent(redirect: RedirectFigures): number {
  return pairedOverPercent(redirect.product, redirect.customDomain ?? []);
}

export interface Summary {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Server CPU µs per completed response; NaN where it could not be read. */
  cpuUs: number;
  cpuMinUs: number;
  cpuMaxUs: number;
}

/** Medians over the runs, and the spread of the CPU figure. */
export function summarise(runs: readonly LoadResult[]): Summary {
  const cpu = runs.map((r) => r.cpuUs).filter((value): value is number => value !== undefined);
  return {
    rps: median(runs.map((r) => r.rps)),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    cpuUs: cpu.length > 0 ? median(cpu) : Number.NaN,
    cpuMinUs: cpu.length > 0 ? Math.min(...cpu) : Number.NaN,
    cpuMaxUs: cpu.length > 0 ? Math.max(...cpu) : Number.NaN,
  };
}

const round = (value: number, digits: number) => {
  if (!Number.isFinite(value)) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** 'links list' → 'links_list', 'repeat-visitors' → 'repeat_visitors'. */
export function jsonKey(call: string): string {
  return call
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** The list call's figure (`lists.page_ms`): the median of the analytics phase's "links page" call. */
function listFigures(figures: AnalyticsFigures): Record<string, unknown> {
  if (figures.status !== 'ok') return { status: figures.status };
  const page = figures.timings.find((timing) => timing.call === 'links page');
  return { page_ms: page === undefined ? null : round(page.medianMs, 2), links: figures.links ?? null };
}

/**
 * The busiest link's clicks as CSV. `clicks_100k_ms` scales the time to 100,000 clicks, since the
 * seeded link carries about 130,000 (or a tenth of that with --quick, said by `clicks`).
 */
function exportFigures(figures: AnalyticsFigures): Record<string, unknown> {
  const timing = figures.status === 'ok' ? figures.timings.find((t) => t.scope === 'export') : undefined;
  if (timing === undefined || !timing.rows) return { status: 'unavailable' };
  return {
    clicks: timing.rows,
    ms: round(timing.medianMs, 1),
    clicks_100k_ms: round((timing.medianMs * 100_000) / timing.rows, 1),
  };
}

function analyticsJson(figures: AnalyticsFigures): Record<string, unknown> {
  const analytics: Record<string, unknown> = { status: figures.status };
  if (figures.status === 'ok') {
    analytics.clicks = figures.clicks;
    for (const timing of figures.timings) {
      if (timing.scope !== 'export') analytics[`${jsonKey(timing.call)}_ms`] = round(timing.medianMs, 2);
    }
  } else {
    analytics.reason = figures.reason;
  }
  return analytics;
}

function redirectJson(redirect: RedirectFigures): Record<string, unknown> {
  const product = summarise(redirect.product);
  const floor = summarise(redirect.floor);
  const { answered, stored } = redirect;
  return {
    rps: round(product.rps, 0),
    p50_ms: round(product.p50Ms, 3),
    p99_ms: round(product.p99Ms, 3),
    cpu_us: round(product.cpuUs, 1),
    ...customDomainJson(redirect),
    floor_rps: round(floor.rps, 0),
    floor_p50_ms: round(floor.p50Ms, 3),
    floor_p99_ms: round(floor.p99Ms, 3),
    floor_cpu_us: round(floor.cpuUs, 1),
    cpu_ratio: round(floor.cpuUs / product.cpuUs, 2),
    ratio_to_floor: round(ratio(product.rps, floor.rps), 2),
    answered,
    stored: stored ?? null,
    lost: stored === undefined ? null : Math.max(0, answered - stored),
    exit_code: redirect.exitCode,
    ...splitJson(redirect.split, redirect.product),
    ...rulesJson(redirect.rules, redirect.product),
    runs: {
      product: redirect.product.map((r) => round(r.rps, 0)),
      floor: redirect.floor.map((r) => round(r.rps, 0)),
      product_cpu_us: redirect.product.map((r) => round(r.cpuUs ?? Number.NaN, 1)),
      floor_cpu_us: redirect.floor.map((r) => round(r.cpuUs ?? Number.NaN, 1)),
      ...(redirect.customDomain && {
        custom_domain_cpu_us: redirect.customDomain.map((r) => round(r.cpuUs ?? Number.NaN, 1)),
      }),
    },
  };
}

/** The hub page beside the redirect (docs/api.md#the-hub): medians of its runs. */
function hubJson(result: BenchResult): Record<string, unknown> {
  const hub = summarise(result.hub);
  const redirect = summarise(result.redirect.product);
  return {
    cpu_us: round(hub.cpuUs, 1),
    rps: round(hub.rps, 0),
    p99_ms: round(hub.p99Ms, 2),
    redirect_cpu_us: round(redirect.cpuUs, 1),
    redirect_rps: round(redirect.rps, 0),
    rate_to_redirect: round(ratio(hub.rps, redirect.rps), 2),
    cpu_target_met: hub.cpuUs < HUB_TARGETS.cpuUs,
    rate_target_met: ratio(hub.rps, redirect.rps) >= HUB_TARGETS.rateToRedirect,
  };
}

function hubLines(result: BenchResult): string[] {
  const hub = summarise(result.hub);
  const redirect = summarise(result.redirect.product);
  const rate = ratio(hub.rps, redirect.rps);
  return [
    'Hub page (a published 100-item hub of 50 links, GET /@<handle>, same visitors; each non-bot GET stored as a view):',
    `  CPU µs/req ${cpu(hub)} (redirect ${fixed(redirect.cpuUs, 1)}), target < ${HUB_TARGETS.cpuUs}: ${mark(hub.cpuUs < HUB_TARGETS.cpuUs)}`,
    `  req/s ${int(hub.rps)} (redirect ${int(redirect.rps)}), ${fixed(rate, 2)} of the redirect rate, target ≥ 0.33: ${mark(rate >= HUB_TARGETS.rateToRedirect)}`,
    `  p99 ${fixed(hub.p99Ms, 2)} ms; runs (req/s): ${result.hub.map((r) => int(r.rps)).join(', ')}`,
  ];
}

function customDomainJson(redirect: RedirectFigures): Record<string, unknown> {
  if (!redirect.customDomain) return {};
  const onDomain = summarise(redirect.customDomain);
  return {
    custom_domain_cpu_us: round(onDomain.cpuUs, 1),
    custom_domain_rps: round(onDomain.rps, 0),
    custom_domain_p99_ms: round(onDomain.p99Ms, 3),
    custom_domain_cpu_over_percent: round(customDomainOverPercent(redirect), 1),
  };
}

/**
 * A kind of link's figures beside the plain ones, its fields named `<kind>_…`: req/s, CPU µs per
 * redirect, each run's, and `compared` (how its CPU µs stands to a plain redirect's, by name).
 */
function besidePlain(
  kind: string,
  runs: LoadResult[] | undefined,
  compared: (cpuUs: number) => [name: string, value: number | null],
): Record<string, unknown> {
  if (!runs || runs.length === 0) return {};
  const figures = summarise(runs);
  const [name, value] = compared(figures.cpuUs);
  return {
    [`${kind}_rps`]: round(figures.rps, 0),
    [`${kind}_cpu_us`]: round(figures.cpuUs, 1),
    [`${kind}_${name}`]: value,
    [`${kind}_runs_cpu_us`]: runs.map((r) => round(r.cpuUs ?? Number.NaN, 1)),
  };
}

/**
 * The split links' figures (docs/api.md#split-traffic): CPU µs per redirect, and how much more than
 * a plain redirect's in percent (the target: at most 5), from the runs side by side.
 */
function splitJson(split: LoadResult[] | undefined, plain: LoadResult[]): Record<string, unknown> {
  return besidePlain('split', split, () => ['cpu_over_percent', round(pairedOverPercent(plain, split ?? []), 1)]);
}

/**
 * The 20-rule links' figures (docs/api.md#redirect-rules): CPU µs per redirect, and how much more
 * than a plain redirect's in percent (the target: at most 5), from the runs side by side.
 */
function rulesJson(rules: LoadResult[] | undefined, plain: LoadResult[]): Record<string, unknown> {
  return besidePlain('rules', rules, () => ['cpu_over_percent', round(pairedOverPercent(plain, rules ?? []), 1)]);
}

/**
 * How much more CPU per request `other`'s runs cost than the plain runs of the same rounds, in %:
 * the median of each round's own excess. A round's two runs share the minutes' load from the
 * machine's neighbours, which moves a run's figure by up to 2×; the median of each kind alone
 * compares runs of different minutes. Rounds without both figures are left out; NaN without any.
 */
export function pairedOverPercent(plain: readonly LoadResult[], other: readonly LoadResult[]): number {
  const excess: number[] = [];
  for (let round = 0; round < Math.min(plain.length, other.length); round++) {
    const [base, compared] = [plain[round]!.cpuUs, other[round]!.cpuUs];
    if (base !== undefined && compared !== undefined && base > 0) excess.push((compared / base - 1) * 100);
  }
  return median(excess);
}

export function toJson(result: BenchResult): Record<string, unknown> {
  const memory = result.memory;
  const { postgres } = result;
  return {
    started_at: result.startedAt,
    machine: result.machine,
    settings: result.settings,
    redirect: redirectJson(result.redirect),
    hub: hubJson(result),
    analytics: analyticsJson(result.analytics),
    ...(postgres && {
      postgres: {
        redirect: {
          ...redirectJson(postgres.redirect),
          database_cpu_us: round(median(postgres.databaseCpuUs), 1),
          ratio_to_sqlite: round(
            ratio(summarise(postgres.redirect.product).rps, summarise(result.redirect.product).rps),
            2,
          ),
        },
        analytics: analyticsJson(postgres.analytics),
      },
    }),
    events: eventsJson(result.events),
    import: importJson(result.imports),
    lists: listFigures(result.analytics),
    export: exportFigures(result.analytics),
    memory: {
      rss_mb_start: memory.startMb ?? null,
      rss_mb_after_redirects: memory.afterRedirectsMb ?? null,
      rss_mb_with_clicks_start: memory.withClicksStartMb ?? null,
      rss_mb_with_clicks: memory.withClicksMb ?? null,
      peak_mb_with_clicks: memory.withClicksPeakMb ?? null,
      clicks_loaded: memory.clicks ?? null,
    },
  };
}

const int = (value: number) => Math.round(value).toLocaleString('en-US');
const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '—');
const mb = (value: number | undefined) => (value === undefined ? '—' : `${Math.round(value)} MB`);
const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');

function table(rows: readonly (readonly string[])[], alignRight: readonly boolean[]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (alignRight[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('   ')
      .trimEnd(),
  );
}

const cpu = (summary: Summary) =>
  Number.isFinite(summary.cpuUs)
    ? `${fixed(summary.cpuUs, 1)} (${fixed(summary.cpuMinUs, 1)}–${fixed(summary.cpuMaxUs, 1)})`
    : '—';

/** One row of the redirect table: a label, then a summary's figures; `answered` and `stored` only for the product's own row. */
function loadRow(label: string, runs: readonly LoadResult[], answered = '—', stored = '—'): string[] {
  const summary = summarise(runs);
  return [label, cpu(summary), int(summary.rps), fixed(summary.p50Ms, 2), fixed(summary.p99Ms, 2), answered, stored];
}

/** `  <name>: X % CPU per request over <base> (median of each round's own) (target ≤ N %: met)`. */
function overLine(name: string, base: string, plain: LoadResult[], other: LoadResult[], target: number): string {
  const over = pairedOverPercent(plain, other);
  return (
    `  ${name}: ${fixed(over, 1)} % CPU per request over ${base} (median of each round's own) ` +
    `(target ≤ ${target} %: ${Number.isFinite(over) ? mark(over <= target) : '—'})`
  );
}

function redirectLines(label: string, redirect: RedirectFigures): string[] {
  const product = summarise(redirect.product);
  const floor = summarise(redirect.floor);
  const lines: string[] = [];
  const rows = [
    ['', 'CPU µs/req (runs)', 'req/s', 'p50 ms', 'p99 ms', 'answered', 'stored'],
    loadRow(
      label,
      redirect.product,
      int(redirect.answered),
      redirect.stored === undefined ? '—' : int(redirect.stored),
    ),
    ...(redirect.customDomain ? [loadRow('  on a verified custom domain', redirect.customDomain)] : []),
    ...(redirect.split && redirect.split.length > 0 ? [loadRow(`${label}, split links`, redirect.split)] : []),
    ...(redirect.rules && redirect.rules.length > 0 ? [loadRow(`${label}, 20 rules`, redirect.rules)] : []),
    loadRow('floor (bare node:http + Map)', redirect.floor),
  ];
  lines.push(...table(rows, [false, true, true, true, true, true, true]).map((line) => `  ${line}`));
  lines.push(
    `  CPU ratio (floor µs / Me µs): ${fixed(floor.cpuUs / product.cpuUs, 2)}   ` +
      `req/s ratio to the floor: ${fixed(ratio(product.rps, floor.rps), 2)}`,
  );
  if (redirect.customDomain) {
    lines.push(
      overLine(
        'custom domain',
        'the default domain',
        redirect.product,
        redirect.customDomain,
        TARGETS.customDomainOverPercent,
      ),
    );
  }
  if (redirect.split && redirect.split.length > 0) {
    lines.push(overLine('split links', 'a plain link', redirect.product, redirect.split, TARGETS.splitOverPercent));
  }
  if (redirect.rules && redirect.rules.length > 0) {
    lines.push(overLine('20 rules', 'a plain link', redirect.product, redirect.rules, TARGETS.rulesOverPercent));
  }
  lines.push(
    `  runs (req/s): Me ${redirect.product.map((r) => int(r.rps)).join(', ')}; floor ${redirect.floor.map((r) => int(r.rps)).join(', ')}`,
  );
  if (redirect.stored === undefined) {
    lines.push('  clicks: stored count unavailable');
  } else {
    const extra = redirect.stored - redirect.answered;
    lines.push(
      extra >= 0
        ? `  clicks: none lost (stored − answered = ${extra}: requests still in flight when the generator stopped counting)`
        : `  clicks: ${int(-extra)} LOST (answered ${int(redirect.answered)}, stored ${int(redirect.stored)})`,
    );
  }
  lines.push(`  stop: ${redirect.exitCode === 0 ? 'clean exit after SIGTERM' : `exit code ${redirect.exitCode}`}`);
  return lines;
}

export function analyticsLines(label: string, analytics: AnalyticsFigures): string[] {
  if (analytics.status !== 'ok') return [`${label}: ${analytics.reason}`];
  const rows = [
    ['call', 'scope', 'median ms', 'target ms', ''],
    ...analytics.timings.map((t) => [t.call, t.scope, fixed(t.medianMs, 1), String(t.targetMs), t.ok ? 'ok' : 'OVER']),
  ];
  return [
    `${label}: ${int(analytics.clicks)} clicks (seeded in ${fixed(analytics.seedMs / 1000, 1)} s)`,
    ...table(rows, [false, false, true, true, false]).map((line) => `  ${line}`),
  ];
}

export function formatReport(result: BenchResult): string {
  const { machine, settings, redirect, analytics, memory, postgres } = result;
  const product = summarise(redirect.product);
  const floor = summarise(redirect.floor);
  const toFloor = ratio(product.rps, floor.rps);
  const lines: string[] = [];
  lines.push(`Me bench · ${result.startedAt}${settings.quick ? ' · --quick (shortened: rough figures)' : ''}`);
  lines.push(
    `machine: ${machine.cpuModel} × ${machine.cpus}, ${machine.memoryGb} GB, ${machine.os}, Node ${machine.node}`,
  );
  lines.push(`load: ${machine.generator}, ${machine.pinning}`);
  lines.push('');
  lines.push(
    `Redirects: ${int(settings.links)} links, ${settings.connections} connections, ` +
      `${settings.warmupSeconds} s warm-up then ${settings.runs} × ${settings.durationSeconds} s per server (interleaved), medians`,
  );
  lines.push("  CPU µs/req: the server process's user + system time per completed response (/proc/<pid>/stat)");
  lines.push(...redirectLines('Me on SQLite (dist/server/server.js)', redirect));
  if (postgres) {
    const pg = summarise(postgres.redirect.product);
    lines.push('');
    lines.push('Redirects on PostgreSQL (same runs, interleaved with the above)');
    lines.push(...redirectLines('Me on PostgreSQL', postgres.redirect));
    lines.push(
      `  PostgreSQL server processes: ${fixed(median(postgres.databaseCpuUs), 1)} µs CPU per redirect besides Me's ` +
        '(every postgres process on the machine: other users of the server count too)',
    );
    lines.push(`  req/s on PostgreSQL / on SQLite: ${fixed(ratio(pg.rps, product.rps), 2)} (target ≥ 0.5)`);
  }
  lines.push('', ...hubLines(result));
  lines.push('');
  lines.push(...eventsLines(result.events));
  lines.push('', ...importLines(result.imports));
  lines.push('');
  lines.push(...analyticsLines('Analytics on SQLite', analytics));
  if (postgres) lines.push('', ...analyticsLines('Analytics on PostgreSQL', postgres.analytics));
  lines.push('');
  lines.push('Memory (RSS of the server)');
  const withClicks = memory.clicks === undefined ? 'clicks loaded' : `${int(memory.clicks)} clicks loaded`;
  const memoryRows = [
    [`at start (${int(settings.links)} links)`, mb(memory.startMb)],
    ['after the redirect load', mb(memory.afterRedirectsMb)],
    [`with ${withClicks}, at start`, mb(memory.withClicksStartMb)],
    [`with ${withClicks}, after the analytics calls`, mb(memory.withClicksMb)],
    [`with ${withClicks}, peak`, mb(memory.withClicksPeakMb)],
  ];
  lines.push(...table(memoryRows, [false, true]).map((line) => `  ${line}`));
  lines.push('');
  lines.push('Targets');
  lines.push(
    `  ratio to the floor ≥ ${TARGETS.ratioToFloor}: ${fixed(toFloor, 2)} ${mark(toFloor >= TARGETS.ratioToFloor)}`,
  );
  lines.push(`  p99 ≤ ${TARGETS.p99Ms} ms: ${fixed(product.p99Ms, 2)} ms ${mark(product.p99Ms <= TARGETS.p99Ms)}`);
  if (redirect.stored !== undefined) {
    lines.push(`  no answered click lost: ${mark(redirect.stored >= redirect.answered)}`);
  }
  const rss = memory.withClicksMb;
  if (rss !== undefined) {
    const clicks = memory.clicks ?? 0;
    const target = clicks >= 10_000_000 ? RSS_TARGET_10M_MB : TARGETS.rssMb;
    const note = clicks < 1_000_000 ? ' (the target is for 1,000,000)' : '';
    lines.push(`  RSS < ${target} MB with ${withClicks}: ${mb(rss)} ${mark(rss < target)}${note}`);
  }
  for (const [label, figures] of [
    ['', analytics],
    [' on PostgreSQL', postgres?.analytics],
  ] as const) {
    if (figures?.status !== 'ok') continue;
    const over = figures.timings.filter((t) => !t.ok).map((t) => t.call);
    lines.push(`  analytics calls${label} under target: ${over.length === 0 ? 'met' : `MISSED (${over.join(', ')})`}`);
  }
  if (postgres) {
    const pgRatio = ratio(summarise(postgres.redirect.product).rps, product.rps);
    lines.push(`  PostgreSQL redirects ≥ 0.5 × SQLite's: ${fixed(pgRatio, 2)} ${mark(pgRatio >= 0.5)}`);
    if (postgres.redirect.stored !== undefined) {
      lines.push(
        `  no answered click lost on PostgreSQL: ${mark(postgres.redirect.stored >= postgres.redirect.answered)}`,
      );
    }
  }
  return lines.join('\n');
}
