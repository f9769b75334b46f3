import { describe, expect, it } from 'vitest';
import {
  type BenchResult,
  formatReport,
  jsonKey,
  pairedOverPercent,
  summarise,
  toJson,
} from '../../../../scripts/bench/report';
import type { LoadResult } from '../../../../scripts/bench/wrkScript';

const run = (rps: number, p50Ms: number, p99Ms: number, cpuUs?: number): LoadResult => ({
  rps,
  p50Ms,
  p99Ms,
  cpuUs,
  requests: rps * 10,
  answered: rps * 10,
  otherStatus: 0,
  socketErrors: 0,
});

function result(overrides: Partial<BenchResult> = {}): BenchResult {
  return {
    startedAt: '2026-11-22T10:00:00Z',
    machine: {
      cpuModel: 'Test CPU',
      cpus: 2,
      memoryGb: 24,
      os: 'Linux 6.18',
      node: '20.20.2',
      generator: 'wrk 4.1.0, 1 thread',
      pinning: 'server pinned to CPU 0, load generator to CPU 1 (taskset)',
    },
    settings: { quick: false, connections: 50, durationSeconds: 10, warmupSeconds: 5, runs: 3, links: 10_000 },
    redirect: {
      product: [run(27_000, 1.7, 3.9, 60), run(26_000, 1.8, 4.2, 66), run(28_000, 1.6, 3.5, 58)],
      floor: [run(54_000, 0.9, 1.5, 30), run(56_000, 0.8, 1.4, 31), run(52_000, 1, 1.6, 33)],
      answered: 1_000_000,
      stored: 1_000_040,
      exitCode: 0,
    },
    hub: [run(11_000, 4, 9, 140), run(10_000, 4.2, 9.5, 150), run(12_000, 3.8, 8, 135)],
    analytics: {
      status: 'ok',
      clicks: 1_000_000,
      seedMs: 42_000,
      timings: [
        {
          call: 'link',
          path: '/api/analytics/1',
          scope: 'per-link',
          medianMs: 12.34,
          minMs: 11,
          maxMs: 14,
          runs: 7,
          targetMs: 50,
          ok: true,
        },
        {
          call: 'repeat-visitors',
          path: '/api/analytics/repeat-visitors',
          scope: 'dashboard',
          medianMs: 260.5,
          minMs: 250,
          maxMs: 270,
          runs: 7,
          targetMs: 250,
          ok: false,
        },
      ],
    },
    memory: {
      startMb: 150.2,
      afterRedirectsMb: 170.6,
      withClicksStartMb: 160,
      withClicksMb: 210.4,
      withClicksPeakMb: 220,
      clicks: 1_000_000,
    },
    ...overrides,
  };
}

describe('summarise', () => {
  it('takes the median of each figure separately', () => {
    expect(summarise(result().redirect.product)).toEqual({
      rps: 27_000,
      p50Ms: 1.7,
      p99Ms: 3.9,
      cpuUs: 60,
      cpuMinUs: 58,
      cpuMaxUs: 66,
    });
  });

  it('leaves the CPU figure out when it could not be read', () => {
    expect(summarise([run(1000, 1, 2)]).cpuUs).toBeNaN();
  });
});

describe('toJson', () => {
  it('writes the documented keys', () => {
    expect(toJson(result())).toMatchObject({
      redirect: {
        rps: 27_000,
        p50_ms: 1.7,
        p99_ms: 3.9,
        cpu_us: 60,
        floor_rps: 54_000,
        floor_cpu_us: 31,
        cpu_ratio: 0.52,
        ratio_to_floor: 0.5,
        answered: 1_000_000,
        stored: 1_000_040,
        lost: 0,
        exit_code: 0,
        runs: { product: [27_000, 26_000, 28_000], floor: [54_000, 56_000, 52_000] },
      },
      hub: {
        cpu_us: 140,
        rps: 11_000,
        p99_ms: 9,
        redirect_cpu_us: 60,
        redirect_rps: 27_000,
        rate_to_redirect: 0.41,
        cpu_target_met: true,
        rate_target_met: true,
      },
      analytics: { status: 'ok', clicks: 1_000_000, link_ms: 12.34, repeat_visitors_ms: 260.5 },
      memory: {
        rss_mb_start: 150.2,
        rss_mb_after_redirects: 170.6,
        rss_mb_with_clicks_start: 160,
        rss_mb_with_clicks: 210.4,
        peak_mb_with_clicks: 220,
        clicks_loaded: 1_000_000,
      },
    });
  });

  it('writes PostgreSQL beside SQLite under postgres.redirect and postgres.analytics', () => {
    const base = result();
    const json = toJson(
      result({
        postgres: {
          redirect: { ...base.redirect, product: [run(13_500, 3, 6, 90)] },
          analytics: base.analytics,
          databaseCpuUs: [40, 44, 42],
        },
      }),
    );
    expect(json.postgres).toMatchObject({
      redirect: { rps: 13_500, cpu_us: 90, floor_cpu_us: 31, database_cpu_us: 42, ratio_to_sqlite: 0.5 },
      analytics: { status: 'ok', link_ms: 12.34 },
    });
    expect(toJson(base).postgres).toBeUndefined();
  });

  it("writes the custom domain beside the default domain, CPU over it in % from each round's own pair", () => {
    const base = result();
    // Plain 60, 66, 58 µs; the custom domain 10 %, 1 % and 2 % over its own round's plain run. Each
    // kind's median alone (66 against 60) would say 10 %.
    const onDomain = [run(26_000, 1.8, 4, 66), run(25_000, 1.9, 4.4, 66.66), run(27_000, 1.7, 3.8, 59.16)];
    const json = toJson(result({ redirect: { ...base.redirect, customDomain: onDomain } }));
    expect(json.redirect).toMatchObject({
      cpu_us: 60,
      custom_domain_cpu_us: 66,
      custom_domain_rps: 26_000,
      custom_domain_cpu_over_percent: 2,
      runs: { custom_domain_cpu_us: [66, 66.7, 59.2] },
    });
    expect(toJson(base).redirect).not.toHaveProperty('custom_domain_cpu_us');
    const lines = formatReport(result({ redirect: { ...base.redirect, customDomain: onDomain } })).split('\n');
    expect(lines.find((line) => line.includes('on a verified custom domain'))).toContain('66.0 (59.2–66.7)');
    expect(lines).toContain(
      "  custom domain: 2.0 % CPU per request over the default domain (median of each round's own) (target ≤ 5 %: met)",
    );
    const slow = [run(20_000, 2, 5, 70)];
    expect(formatReport(result({ redirect: { ...base.redirect, customDomain: slow } }))).toContain(
      "custom domain: 16.7 % CPU per request over the default domain (median of each round's own) (target ≤ 5 %: MISSED)",
    );
  });

  it('writes the split links and the 20-rule links beside the plain ones, each over the plain runs of its rounds', () => {
    const base = result();
    // Plain 60, 66, 58 µs; the split links 15 %, 3 % and −1 % over their round's plain run: 3 %,
    // where each kind's median alone (67.98 against 60) would say 13.3 %.
    const split = [run(24_000, 2, 5, 69), run(24_000, 2, 5, 67.98), run(24_000, 2, 5, 57.42)];
    const json = toJson(result({ redirect: { ...base.redirect, split, rules: [run(25_000, 2, 5, 61.5)] } }));
    expect(json.redirect).toMatchObject({
      split_rps: 24_000,
      split_cpu_us: 68,
      split_cpu_over_percent: 3,
      split_runs_cpu_us: [69, 68, 57.4],
      rules_rps: 25_000,
      rules_cpu_us: 61.5,
      rules_cpu_over_percent: 2.5,
      rules_runs_cpu_us: [61.5],
    });
    expect(json.redirect).not.toHaveProperty('split_cpu_vs_plain');
    expect(formatReport(result({ redirect: { ...base.redirect, split } }))).toContain(
      "  split links: 3.0 % CPU per request over a plain link (median of each round's own) (target ≤ 5 %: met)",
    );
    expect(toJson(base).redirect).not.toHaveProperty('split_rps');
    expect(toJson(base).redirect).not.toHaveProperty('rules_rps');
  });

  it("compares the 20-rule links with the plain runs of the same rounds, not with another minute's", () => {
    const base = result();
    // Plain 60, 66, 58 µs; the rules runs 10 %, 4 % and 4 % over their own round's plain run. Each
    // kind's median alone (66 against 60) would say 10 %.
    const rules = [run(25_000, 2, 5, 66), run(25_000, 2, 5, 68.64), run(25_000, 2, 5, 60.32)];
    expect(pairedOverPercent(base.redirect.product, rules)).toBeCloseTo(4, 6);
    const json = toJson(result({ redirect: { ...base.redirect, rules } }));
    expect(json.redirect).toMatchObject({ rules_cpu_us: 66, rules_cpu_over_percent: 4 });
    expect(formatReport(result({ redirect: { ...base.redirect, rules } }))).toContain(
      "20 rules: 4.0 % CPU per request over a plain link (median of each round's own) (target ≤ 5 %: met)",
    );
    // A round without a CPU figure on either side is left out.
    expect(pairedOverPercent([run(1, 1, 1, 50), run(1, 1, 1)], [run(1, 1, 1, 55), run(1, 1, 1, 90)])).toBeCloseTo(
      10,
      6,
    );
    expect(pairedOverPercent([], rules)).toBeNaN();
  });

  it('counts lost clicks and marks what is unavailable', () => {
    const json = toJson(
      result({
        redirect: { ...result().redirect, answered: 500, stored: 480 },
        analytics: { status: 'unavailable', reason: 'not available yet' },
        memory: { ...result().memory, withClicksMb: undefined, clicks: undefined },
      }),
    );
    expect(json.redirect).toMatchObject({ answered: 500, stored: 480, lost: 20 });
    expect(json.analytics).toEqual({ status: 'unavailable', reason: 'not available yet' });
    expect(json.memory).toMatchObject({ rss_mb_with_clicks: null, clicks_loaded: null });
  });
});

describe('jsonKey', () => {
  it('turns call names into JSON keys', () => {
    expect(['link', 'links list', 'repeat-visitors', 'User'].map(jsonKey)).toEqual([
      'link',
      'links_list',
      'repeat_visitors',
      'user',
    ]);
  });
});

describe('formatReport', () => {
  it('prints the table, the ratio, the analytics, the memory and the targets', () => {
    const lines = formatReport(result()).split('\n');
    expect(lines).toContain(
      '                                         CPU µs/req (runs)    req/s   p50 ms   p99 ms    answered      stored',
    );
    expect(lines).toContain(
      '  Me on SQLite (dist/server/server.js)    60.0 (58.0–66.0)   27,000     1.70     3.90   1,000,000   1,000,040',
    );
    expect(lines).toContain(
      '  floor (bare node:http + Map)            31.0 (30.0–33.0)   54,000     0.90     1.50           —           —',
    );
    expect(lines).toContain('  CPU ratio (floor µs / Me µs): 0.52   req/s ratio to the floor: 0.50');
    expect(lines).toContain(
      '  clicks: none lost (stored − answered = 40: requests still in flight when the generator stopped counting)',
    );
    expect(lines).toContain('  repeat-visitors   dashboard       260.5         250   OVER');
    expect(lines).toContain('  at start (10,000 links)                                   150 MB');
    expect(lines).toContain('  ratio to the floor ≥ 0.5: 0.50 met');
    expect(lines).toContain('  p99 ≤ 5 ms: 3.90 ms met');
    expect(lines).toContain('  RSS < 250 MB with 1,000,000 clicks loaded: 210 MB met');
    expect(lines).toContain('  analytics calls under target: MISSED (repeat-visitors)');
    expect(lines).toContain('  CPU µs/req 140.0 (135.0–150.0) (redirect 60.0), target < 2000: met');
    expect(lines).toContain('  req/s 11,000 (redirect 27,000), 0.41 of the redirect rate, target ≥ 0.33: met');
  });

  it('holds RSS with ten million clicks to the 300 MB of that scale', () => {
    const base = result();
    const at = (clicks: number, withClicksMb: number) =>
      formatReport(result({ memory: { ...base.memory, clicks, withClicksMb } })).split('\n');
    expect(at(10_000_000, 280)).toContain('  RSS < 300 MB with 10,000,000 clicks loaded: 280 MB met');
    expect(at(10_000_000, 310)).toContain('  RSS < 300 MB with 10,000,000 clicks loaded: 310 MB MISSED');
    expect(at(1_000_000, 280)).toContain('  RSS < 250 MB with 1,000,000 clicks loaded: 280 MB MISSED');
  });

  it('says when clicks were lost and when analytics are not available', () => {
    const text = formatReport(
      result({
        redirect: { ...result().redirect, answered: 500, stored: 480 },
        analytics: { status: 'unavailable', reason: 'not available yet' },
      }),
    );
    expect(text).toContain('  clicks: 20 LOST (answered 500, stored 480)');
    expect(text).toContain('\nAnalytics on SQLite: not available yet\n');
    expect(text).toContain('  no answered click lost: MISSED');
  });
});
