/**
 * Benchmark of the analytics calls (CONTRACT §5) against a running server on a seeded database
 * (see seed.ts). Times each call (median of several runs, after one warm-up) on the busiest link
 * and for the dashboard-wide calls.
 *
 * Used by `npm run bench` (scripts/bench.mjs, run with tsx):
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
  /** Timed runs per call (after one warm-up). Default 7. */
  runs?: number;
  /** Passed as tz= to the calls that take it. Default 'Europe/Berlin'. */
  timeZone?: string;
}

export interface AnalyticsTiming {
  /** Short name: 'link', 'user', 'summary', 'realtime', 'live', 'repeat-visitors', 'funnel', 'links list'. */
  call: string;
  path: string;
  scope: 'per-link' | 'dashboard';
  medianMs: number;
  minMs: number;
  maxMs: number;
  runs: number;
  /** 50 ms per link, 250 ms dashboard-wide. */
  targetMs: number;
  ok: boolean;
}

export async function benchAnalytics(_options: AnalyticsBenchOptions): Promise<AnalyticsTiming[]> {
  throw new Error('benchAnalytics: not implemented yet');
}

/** The timings as a plain-text table for the console. */
export function formatAnalyticsTable(_timings: readonly AnalyticsTiming[]): string {
  throw new Error('formatAnalyticsTable: not implemented yet');
}
