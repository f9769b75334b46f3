// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePolling } from '../../../../renderer/src/api/usePolling';

const INTERVAL_MS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call whose answers the test releases one by one, counting calls and how many run at once. */
function slowCall() {
  const pending: Array<(value: number) => void> = [];
  const stats = { calls: 0, running: 0, maxRunning: 0 };
  const fetcher = (_signal: AbortSignal) =>
    new Promise<number>((resolve) => {
      stats.calls += 1;
      stats.running += 1;
      stats.maxRunning = Math.max(stats.maxRunning, stats.running);
      const call = stats.calls;
      pending.push(() => {
        stats.running -= 1;
        resolve(call);
      });
    });
  const releaseNext = async () => {
    const release = pending.shift();
    if (!release) throw new Error('no call is waiting');
    await act(async () => release(0));
  };
  return { fetcher, stats, releaseNext };
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  cleanup();
  setVisibility('visible');
});

describe('usePolling', () => {
  it('waits for a slow answer instead of stacking requests, then polls again', async () => {
    const { fetcher, stats, releaseNext } = slowCall();
    const { result } = renderHook(() => usePolling(fetcher, { intervalMs: INTERVAL_MS }));
    expect(stats.calls).toBe(1);
    expect(result.current.loading).toBe(true);
    // Ten intervals pass while the first answer is still out: no second request.
    await sleep(INTERVAL_MS * 10);
    expect(stats.calls).toBe(1);
    await releaseNext();
    expect(result.current.data).toBe(1);
    expect(result.current.loading).toBe(false);
    await waitFor(() => expect(stats.calls).toBe(2));
    await sleep(INTERVAL_MS * 5);
    expect(stats.calls).toBe(2);
    await releaseNext();
    await waitFor(() => expect(stats.calls).toBe(3));
    expect(result.current.data).toBe(2);
    expect(stats.maxRunning).toBe(1);
  });

  it('pauses while the tab is hidden and polls at once when it is back', async () => {
    const { fetcher, stats, releaseNext } = slowCall();
    renderHook(() => usePolling(fetcher, { intervalMs: INTERVAL_MS }));
    expect(stats.calls).toBe(1);
    setVisibility('hidden');
    await releaseNext();
    await sleep(INTERVAL_MS * 10);
    expect(stats.calls).toBe(1);
    act(() => setVisibility('visible'));
    expect(stats.calls).toBe(2);
    expect(stats.maxRunning).toBe(1);
  });

  it('stops while Paused and polls again when Live', async () => {
    const { fetcher, stats, releaseNext } = slowCall();
    const { result, rerender } = renderHook(
      ({ enabled }) => usePolling(fetcher, { intervalMs: INTERVAL_MS, enabled }),
      {
        initialProps: { enabled: true },
      },
    );
    await releaseNext();
    expect(result.current.data).toBe(1);
    rerender({ enabled: false });
    await sleep(INTERVAL_MS * 10);
    // The timer set before the pause was cancelled: no call while Paused.
    expect(stats.calls).toBe(1);
    rerender({ enabled: true });
    expect(stats.calls).toBe(2);
    // The data of the last answer stays on screen while Paused and while the new call runs.
    expect(result.current.data).toBe(1);
  });

  it('reads once for a new key while not polling (a new range with the live stream up)', async () => {
    let calls = 0;
    const fetcher = async (_signal: AbortSignal) => {
      calls += 1;
      return calls;
    };
    const { result, rerender } = renderHook(
      ({ key }: { key: string }) => usePolling(fetcher, { intervalMs: INTERVAL_MS, enabled: false, resetKey: key }),
      { initialProps: { key: 'all time' } },
    );
    await waitFor(() => expect(result.current.data).toBe(1));
    await sleep(INTERVAL_MS * 5);
    expect(calls).toBe(1);
    rerender({ key: 'last 7 days' });
    await waitFor(() => expect(result.current.data).toBe(2));
    await sleep(INTERVAL_MS * 5);
    expect(calls).toBe(2);
  });

  it('keeps the last data and reports a failed poll, then recovers', async () => {
    let call = 0;
    let releaseThird: () => void = () => {};
    const third = new Promise<void>((resolve) => {
      releaseThird = resolve;
    });
    const fetcher = async () => {
      call += 1;
      if (call === 2) throw new Error('Failed to fetch analytics');
      if (call === 3) await third;
      return call;
    };
    const { result } = renderHook(() => usePolling(fetcher, { intervalMs: INTERVAL_MS }));
    await waitFor(() => expect(result.current.error?.message).toBe('Failed to fetch analytics'));
    expect(result.current.data).toBe(1);
    await act(async () => releaseThird());
    await waitFor(() => expect(result.current.data).toBe(3));
    expect(result.current.error).toBeUndefined();
  });
});
