import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runInBackground } from '../../../redirector/background';

describe('runInBackground', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const noLog = (message: string) => {
    throw new Error(`nothing should be logged, got: ${message}`);
  };

  it('runs every interval, from the end of one run to the start of the next', async () => {
    const started: number[] = [];
    const loop = runInBackground(() => void started.push(Date.now()), { what: 'counting', everyMs: 100, log: noLog });
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(99);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(started.map((at) => at - t0)).toEqual([100, 200, 300, 400]);
    await loop.stop();
  });

  it('never runs two at once: a slow run delays the next one', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const loop = runInBackground(
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 250));
        running--;
        runs++;
      },
      { what: 'slow', everyMs: 10, log: noLog },
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(most).toBe(1);
    expect(runs).toBe(3);
    const stopping = loop.stop();
    await vi.advanceTimersByTimeAsync(250);
    await stopping;
    expect(runs).toBe(4);
  });

  it('runs at once when asked to, and spreads waits by the jitter', async () => {
    const started: number[] = [];
    const t0 = Date.now();
    const loop = runInBackground(() => void started.push(Date.now() - t0), {
      what: 'jittered',
      everyMs: 1_000,
      jitter: 0.2,
      firstAfterMs: 0,
      log: noLog,
    });
    await vi.advanceTimersByTimeAsync(10_500);
    await loop.stop();
    expect(started[0]).toBe(0);
    const waits = started.slice(1).map((at, i) => at - started[i]!);
    expect(waits.length).toBeGreaterThanOrEqual(8);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(800);
    expect(Math.max(...waits)).toBeLessThanOrEqual(1_200);
    expect(new Set(waits).size).toBeGreaterThan(1);
  });

  it('waits after a run as the run says (more work left: sooner)', async () => {
    const started: number[] = [];
    const t0 = Date.now();
    const loop = runInBackground(() => started.push(Date.now() - t0) < 3, {
      what: 'draining',
      everyMs: 1_000,
      firstAfterMs: 10,
      nextAfterMs: (more) => (more ? 10 : 1_000),
      log: noLog,
    });
    await vi.advanceTimersByTimeAsync(2_100);
    await loop.stop();
    expect(started).toEqual([10, 20, 30, 1_030, 2_030]);
  });

  it('stop ends the loop: it awaits a run in progress, and nothing runs after it resolves', async () => {
    let runs = 0;
    let finished = 0;
    const loop = runInBackground(
      async () => {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished++;
      },
      { what: 'stopping', everyMs: 10, log: noLog },
    );
    await vi.advanceTimersByTimeAsync(20);
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    await stopping;
    expect(finished).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    expect(await loop.runNow()).toBeUndefined();
    expect(runs).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('says a failure once, nothing while it goes on, and once when it works again, with the failed runs', async () => {
    const logged: [string, unknown][] = [];
    let failing = true;
    const loop = runInBackground(
      () => {
        if (failing) throw new Error('database gone');
        return 'ok';
      },
      { what: 'vacuuming the queue', everyMs: 10, log: (message, error) => logged.push([message, error]) },
    );
    await vi.advanceTimersByTimeAsync(55);
    expect(logged).toEqual([['vacuuming the queue failed', new Error('database gone')]]);
    failing = false;
    await vi.advanceTimersByTimeAsync(10);
    await vi.advanceTimersByTimeAsync(100);
    expect(logged.slice(1)).toEqual([['vacuuming the queue works again after 5 failed runs', undefined]]);
    failing = true;
    await vi.advanceTimersByTimeAsync(10);
    failing = false;
    await vi.advanceTimersByTimeAsync(10);
    expect(logged.slice(2).map(([message]) => message)).toEqual([
      'vacuuming the queue failed',
      'vacuuming the queue works again after 1 failed run',
    ]);
    await loop.stop();
  });

  it('runNow runs at once and hands back the result; runSoon runs right after a run in progress', async () => {
    let runs = 0;
    const loop = runInBackground(
      async () => {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return runs;
      },
      { what: 'asked', everyMs: 1_000, log: noLog },
    );
    const first = loop.runNow();
    expect(loop.runNow()).toBe(first);
    loop.runSoon();
    await vi.advanceTimersByTimeAsync(20);
    expect(await first).toBe(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toBe(2);
    await loop.stop();
  });

  it('keeps no process alive unless asked to', async () => {
    vi.useRealTimers();
    const activeTimers = () =>
      (process as unknown as { getActiveResourcesInfo(): string[] })
        .getActiveResourcesInfo()
        .filter((name) => name === 'Timeout').length;
    const before = activeTimers();
    const loop = runInBackground(() => undefined, { what: 'idle', everyMs: 60_000, log: noLog });
    const kept = runInBackground(() => undefined, { what: 'kept', everyMs: 60_000, keepAlive: true, log: noLog });
    expect(activeTimers() - before).toBe(1);
    await loop.stop();
    await kept.stop();
  });
});
