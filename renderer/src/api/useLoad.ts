/** One call when the screen opens (and on reload), with loading and error states. */
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';

export interface LoadState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
  setData: Dispatch<SetStateAction<T | undefined>>;
}

export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[] = []): LoadState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<Error | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [run, setRun] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: deps and run decide when to load again
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(undefined);
    loadRef.current(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure instanceof Error ? failure : new Error(String(failure)));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [run, ...deps]);

  const reload = useCallback(() => setRun((value) => value + 1), []);
  return { data, error, loading, reload, setData };
}

/** One call of a set of calls, loaded as `useLoad` does and again when the set changes (another credential). */
export function useCallLoad<Calls, T>(calls: Calls, call: (calls: Calls, signal: AbortSignal) => Promise<T>) {
  return useLoad((signal) => call(calls, signal), [calls]);
}
