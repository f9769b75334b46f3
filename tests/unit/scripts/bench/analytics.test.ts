import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { benchAnalytics, formatAnalyticsTable, withinTarget } from '../../../../scripts/bench/analytics';

describe('the analytics calls against their targets', () => {
  it('judges a call on its median', () => {
    expect(withinTarget('dashboard', 249.9, 250, 0)).toBe(true);
    expect(withinTarget('dashboard', 250, 250, 0)).toBe(false);
  });

  it('judges the export on its time per 100,000 clicks, never better than for 100,000', () => {
    // 1,295,985 clicks in 12.9 s: 995 ms per 100,000.
    expect(withinTarget('export', 12_897.5, 2000, 1_295_985)).toBe(true);
    expect(withinTarget('export', 30_000, 2000, 1_295_985)).toBe(false);
    // A link of fewer clicks is held to the whole target, not scaled up.
    expect(withinTarget('export', 1_500, 2000, 20_000)).toBe(true);
    expect(withinTarget('export', 2_100, 2000, 20_000)).toBe(false);
    // An export that carried nothing did not show anything.
    expect(withinTarget('export', 10, 2000, 0)).toBe(false);
  });
});

describe('a call that fails', () => {
  it('is noted with why, and the calls after it are still timed', async () => {
    // A real server: every call answers, but the plain summary's connection is cut after its headers
    // (as a read failing once its answer had begun did in a ten-million-click run).
    const server = http.createServer((request, response) => {
      if (request.url === '/api/analytics/summary?tz=UTC') {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.flushHeaders();
        setTimeout(() => response.socket?.destroy(), 20);
        return;
      }
      response.writeHead(200, { 'Content-Type': request.url?.endsWith('/clicks') ? 'text/csv' : 'application/json' });
      response.end(request.url?.endsWith('/clicks') ? 'header\nrow\n' : '{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const failures: string[] = [];
    try {
      const timings = await benchAnalytics({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        adminKey: 'key',
        linkId: 1,
        runs: 1,
        timeZone: 'UTC',
        onFailure: async (call) => {
          failures.push(call);
        },
      });
      expect(failures).toEqual(['summary']);
      const summary = timings.find((timing) => timing.call === 'summary')!;
      expect(summary.ok).toBe(false);
      expect(summary.failed).toMatch(/^summary \(\/api\/analytics\/summary\?tz=UTC\) failed after [\d.]+ s: /);
      expect(Number.isNaN(summary.medianMs)).toBe(true);
      // Every other call, before and after it, has its figure.
      const others = timings.filter((timing) => timing.call !== 'summary');
      expect(others.map((timing) => timing.call)).toContain('export clicks');
      for (const timing of others) expect(timing.failed, timing.call).toBeUndefined();
      for (const timing of others) expect(Number.isFinite(timing.medianMs), timing.call).toBe(true);
      expect(formatAnalyticsTable(timings)).toMatch(/summary .*FAILED: summary/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
