/**
 * Benchmark of the analytics calls (docs/api.md#analytics) against a running server on a seeded database
 * (see seed.ts). Times each call (median of several runs, after two warm-ups) on the busiest link
 * and for the dashboard-wide calls. Targets: 50 ms per link, 250 ms dashboard-wide, 100 ms for 30 days of
 * repeat visitors.
 *
 * Used by `npm run bench` (scripts/bench.ts, run with tsx):
 *   const timings = await benchAnalytics({ baseUrl, adminKey, linkId, user });
 *   console.log(formatAnalyticsTable(timings));
 */

export interface AnalyticsBenchOptions {
  /** e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  adminKey: string;
  /** The link the per-link calls ask about (the seed's busiest link). */
  linkId: number;
  /** Owner of linkId, for /api/analytics/user; that call is skipped when absent. */
  user?: { email: string; password: string };
  /** Timed runs per call (after two warm-ups). Default 7. */
  runs?: number;
  /** Passed as tz= to the calls that take it. Default 'Europe/Berlin'. */
  timeZone?: string;
  /**
   * Called when a call fails; the bench then goes on with the next call, the failure in that
   * call's timing (`failed`), so that one failed call does not lose the others' figures.
   */
  onFailure?: (call: string, error: unknown) => Promise<void>;
}

export interface AnalyticsTiming {
  /**
   * Short name: 'link', 'user', 'summary', 'realtime', 'live', 'repeat-visitors', 'funnel',
   * 'links page', 'link range30', 'summary range30', 'repeat range30', 'export clicks'.
   */
  call: string;
  path: string;
  scope: 'per-link' | 'dashboard' | 'list' | 'export';
  /** The export: how many clicks it carried. */
  rows?: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  runs: number;
  /** 50 ms per link, 250 ms dashboard-wide. */
  targetMs: number;
  ok: boolean;
  /** Why the call failed (its median, min and max are then NaN). */
  failed?: string;
}

export const PER_LINK_TARGET_MS = 50;
export const DASHBOARD_TARGET_MS = 250;
/** One page of 50 links out of 100,000, sorted by clicks. */
export const LIST_TARGET_MS = 50;
/** Thirty days of repeat visitors at ten million clicks (docs/scaling.md), on either store and on a replica. */
export const REPEAT_RANGE_TARGET_MS = 100;
/** A link's 100,000 clicks as CSV. */
export const EXPORT_TARGET_MS = 2000;
const DAY_MS = 86_400_000;

interface Call {
  call: string;
  path: string;
  scope: AnalyticsTiming['scope'];
  headers: Record<string, string>;
}

let lastRows = 0;

async function timed(baseUrl: string, call: Call): Promise<number> {
  const started = performance.now();
  let response: Response;
  let body: string;
  try {
    response = await fetch(`${baseUrl}${call.path}`, { headers: call.headers });
    body = await response.text();
  } catch (error) {
    // fetch's own message is only "fetch failed": say which call, after how long, and why.
    const cause = (error as { cause?: unknown }).cause;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    throw new Error(`${call.call} (${call.path}) failed after ${seconds} s: ${String(cause ?? error)}`);
  }
  const ms = performance.now() - started;
  if (response.status !== 200) {
    throw new Error(`${call.path} answered ${response.status}: ${body.slice(0, 200)}`);
  }
  if (call.scope === 'export') lastRows = body.split('\n').length - 2;
  else JSON.parse(body);
  return ms;
}

/** `from=…&to=…`: the 30 days ending today in UTC (the zone of tz= then reads them). */
function last30Days(): string {
  const today = Math.floor(Date.now() / DAY_MS);
  const date = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
  return `from=${date(today - 29)}&to=${date(today)}`;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function userToken(baseUrl: string, user: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth?action=login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  const body = (await response.json()) as { token?: string; error?: string };
  if (response.status !== 200 || !body.token) throw new Error(`login as ${user.email} failed: ${response.status}`);
  return body.token;
}

export async function benchAnalytics(options: AnalyticsBenchOptions): Promise<AnalyticsTiming[]> {
  const runs = options.runs ?? 7;
  const tz = encodeURIComponent(options.timeZone ?? 'Europe/Berlin');
  const admin = { 'X-API-Key': options.adminKey };
  const range = last30Days();
  const calls: Call[] = [
    { call: 'link', path: `/api/analytics/${options.linkId}?tz=${tz}`, scope: 'per-link', headers: admin },
    {
      call: 'link range30',
      path: `/api/analytics/${options.linkId}?tz=${tz}&${range}`,
      scope: 'per-link',
      headers: admin,
    },
  ];
  if (options.user) {
    const token = await userToken(options.baseUrl, options.user);
    calls.push({
      call: 'user',
      path: `/api/analytics/user?linkId=${options.linkId}&tz=${tz}`,
      scope: 'per-link',
      headers: { Authorization: `Bearer ${token}` },
    });
  }
  calls.push(
    { call: 'summary', path: `/api/analytics/summary?tz=${tz}`, scope: 'dashboard', headers: admin },
    { call: 'realtime', path: '/api/analytics/realtime', scope: 'dashboard', headers: admin },
    { call: 'live', path: '/api/analytics/live?minutes=30', scope: 'dashboard', headers: admin },
    { call: 'repeat-visitors', path: '/api/analytics/repeat-visitors', scope: 'dashboard', headers: admin },
    { call: 'funnel', path: '/api/analytics/funnel', scope: 'dashboard', headers: admin },
    // One page of the busiest links out of every link (the admin Links page sorted by clicks).
    { call: 'links page', path: '/api/links?sort=clicks&per_page=50', scope: 'list', headers: admin },
    { call: 'summary range30', path: `/api/analytics/summary?tz=${tz}&${range}`, scope: 'dashboard', headers: admin },
    {
      call: 'repeat range30',
      path: `/api/analytics/repeat-visitors?tz=${tz}&${range}`,
      scope: 'dashboard',
      headers: admin,
    },
    // Every click of the busiest link (about 130,000 of 1,000,000), all time, as CSV.
    { call: 'export clicks', path: `/api/analytics/${options.linkId}/clicks`, scope: 'export', headers: admin },
  );

  const timings: AnalyticsTiming[] = [];
  for (const call of calls) {
    // Two warm-up calls: the server's code for this call is compiled and its pages are cached.
    const samples: number[] = [];
    let failed: string | undefined;
    try {
      for (let warmUp = 0; warmUp < 2; warmUp++) await timed(options.baseUrl, call);
      for (let run = 0; run < runs; run++) samples.push(await timed(options.baseUrl, call));
    } catch (error) {
      failed = error instanceof Error ? error.message : String(error);
      await options.onFailure?.(call.call, error);
    }
    const medianMs = failed === undefined ? median(samples) : Number.NaN;
    const targetMs =
      call.call === 'repeat range30'
        ? REPEAT_RANGE_TARGET_MS
        : {
            dashboard: DASHBOARD_TARGET_MS,
            list: LIST_TARGET_MS,
            'per-link': PER_LINK_TARGET_MS,
            export: EXPORT_TARGET_MS,
          }[call.scope];
    timings.push({
      call: call.call,
      path: call.path,
      scope: call.scope,
      medianMs,
      minMs: failed === undefined ? Math.min(...samples) : Number.NaN,
      maxMs: failed === undefined ? Math.max(...samples) : Number.NaN,
      runs,
      targetMs,
      ok: failed === undefined && withinTarget(call.scope, medianMs, targetMs, lastRows),
      ...(failed !== undefined && { failed }),
      ...(call.scope === 'export' && { rows: lastRows }),
    });
  }
  return timings;
}

/**
 * Whether a call met its target. The export's is for 100,000 clicks (CONTRACT §10) and the export
 * streams, so a link of more clicks is judged on its time per 100,000 (at ten million clicks the
 * busiest link has about 1.3 million).
 */
export function withinTarget(scope: AnalyticsTiming['scope'], medianMs: number, targetMs: number, rows: number) {
  if (scope !== 'export') return medianMs < targetMs;
  return rows > 0 && (medianMs * 100_000) / Math.max(rows, 100_000) < targetMs;
}

/** The timings as a plain-text table for the console. */
export function formatAnalyticsTable(timings: readonly AnalyticsTiming[]): string {
  const rows = [
    ['call', 'scope', 'median ms', 'min ms', 'max ms', 'target ms', ''],
    ...timings.map((t) => [
      t.call,
      t.scope,
      t.medianMs.toFixed(1),
      t.minMs.toFixed(1),
      t.maxMs.toFixed(1),
      t.scope === 'export' ? `${t.targetMs} per 100k` : String(t.targetMs),
      t.failed === undefined ? (t.ok ? 'ok' : 'OVER') : `FAILED: ${t.failed}`,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column >= 2 && column <= 5 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
