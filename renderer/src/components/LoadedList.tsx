import type { ReactNode } from 'react';
import { errorMessage } from '../api/client';
import type { LoadState } from '../api/useLoad';
import { EmptyState } from './EmptyState';
import { ErrorPanel } from './ErrorPanel';
import type { IconName } from './Icon';
import { LoadingState } from './Spinner';

export interface LoadedProps<T> {
  load: Pick<LoadState<T>, 'data' | 'error' | 'reload'>;
  texts: { loadFailed: string; loading: string };
  /** What shows once the data has come. */
  children: (data: T) => ReactNode;
}

/** One load's three states: failed (with Retry), loading, and what its data shows. */
export function Loaded<T>({ load, texts, children }: LoadedProps<T>) {
  if (load.error) {
    return (
      <ErrorPanel title={texts.loadFailed} message={errorMessage(load.error, texts.loadFailed)} onRetry={load.reload} />
    );
  }
  if (load.data === undefined) return <LoadingState message={texts.loading} />;
  return <>{children(load.data)}</>;
}

export interface LoadedListProps<T> {
  load: Pick<LoadState<T[]>, 'data' | 'error' | 'reload'>;
  texts: { loadFailed: string; loading: string; empty: string; emptyHint: string };
  emptyIcon: IconName;
  /** The list once it has rows. */
  children: (rows: T[]) => ReactNode;
}

/** A loaded list's four states: failed (with Retry), loading, empty, and its rows. */
export function LoadedList<T>({ load, texts, emptyIcon, children }: LoadedListProps<T>) {
  return (
    <Loaded load={load} texts={texts}>
      {(rows) =>
        rows.length === 0 ? (
          <EmptyState icon={emptyIcon} title={texts.empty} description={texts.emptyHint} />
        ) : (
          children(rows)
        )
      }
    </Loaded>
  );
}
