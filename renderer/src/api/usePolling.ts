/**
 * Polls a call every `intervalMs` while `enabled` and the tab is visible. The next poll is scheduled
 * only when the previous answer is in, so a slow answer delays the next poll instead of stacking
 * requests. Hidden tab or Paused: no timer at all; back to visible or Live: one poll at once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface PollingState<T> {
  data: T | undefined;
  error: Error | undefined;
  /** True until the first answer (or failure) of the current key. */
  loading: boolean;
  /** Date.now() of the last good answer. */
  updatedAt: number | undefined;
}

export interface PollingOptions {
  intervalMs: number;
  /** False: Paused (no polling). */
  enabled?: boolean;
  /** Changing it restarts polling with a fresh call (e.g. another time window). */
  resetKey?: string | number;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function documentVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

export function usePolling<T>(
  fetcher: (signal: AbortSignal) => Promise<T>,
  { intervalMs, enabled = true, resetKey }: PollingOptions,
): PollingState<T> & { refresh: () => void; update: (change: (data: T) => T) => void } {
  const [state, setState] = useState<PollingState<T>>({
    data: undefined,
    error: undefined,
    loading: true,
    updatedAt: undefined,
  });
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const refreshRef = useRef<() => void>(() => {});
  const keyRef = useRef(resetKey);
  const hasDataRef = useRef(false);
  hasDataRef.current = state.updatedAt !== undefined;

  useEffect(() => {
    const keyChanged = keyRef.current !== resetKey;
    if (keyChanged) {
      keyRef.current = resetKey;
      setState((previous) => ({ ...previous, loading: true, error: undefined }));
    }
    let disposed = false;
    let inFlight = false;
    let again = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();

    const cancelTimer = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };
    const schedule = () => {
      cancelTimer();
      if (!disposed && enabled && documentVisible()) timer = setTimeout(tick, intervalMs);
    };
    async function tick(): Promise<void> {
      timer = undefined;
      if (disposed) return;
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = true;
      try {
        const data = await fetcherRef.current(controller.signal);
        if (!disposed) setState({ data, error: undefined, loading: false, updatedAt: Date.now() });
      } catch (error) {
        if (!disposed && !isAbort(error)) {
          setState((previous) => ({
            ...previous,
            error: error instanceof Error ? error : new Error(String(error)),
            loading: false,
          }));
        }
      } finally {
        inFlight = false;
      }
      if (disposed) return;
      if (again) {
        again = false;
        void tick();
      } else schedule();
    }
    const onVisibility = () => {
      cancelTimer();
      // Back in view: poll now (an answer still in flight schedules the next one itself).
      if (documentVisible() && enabled && !inFlight) void tick();
    };

    refreshRef.current = () => {
      cancelTimer();
      void tick();
    };
    document.addEventListener('visibilitychange', onVisibility);
    if (enabled && documentVisible()) void tick();
    // Paused (or following the live stream) before the first answer, or asked for something else
    // (another link, another range): load once, so the panel shows what it is asked for.
    else if (!enabled && (keyChanged || !hasDataRef.current) && documentVisible()) void tick();
    return () => {
      disposed = true;
      controller.abort();
      cancelTimer();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, intervalMs, resetKey]);

  const refresh = useCallback(() => refreshRef.current(), []);
  /** Changes the data held (a live event's effect) until the next answer replaces it. */
  const update = useCallback((change: (data: T) => T) => {
    setState((previous) => (previous.data === undefined ? previous : { ...previous, data: change(previous.data) }));
  }, []);
  return { ...state, refresh, update };
}
