import type { ReactNode } from 'react';
import { errorMessage } from '../api/client';
import type { LoadState } from '../api/useLoad';
import { EmptyState } from './EmptyState';
import { ErrorPanel } from './ErrorPanel';
import type { IconName } from './Icon';
import { LoadingState } from './Spinner';

export interface LoadedListProps<T> {
  load: Pick<LoadState<T[]>, 'data' | 'error' | 'reload'>;
  texts: { loadFailed: string; loading: string; empty: string; emptyHint: string };
  emptyIcon: IconName;
  /** The list once it has rows. */
  children: (rows: T[]) => ReactNode;
}

/** A loaded list's four states: failed (with Retry), loading, empty, and its rows. */
export function LoadedList<T>({ load, texts, emptyIcon, children }: LoadedListProps<T>) {
  if (load.error) {
    return (
      <ErrorPanel title={texts.loadFailed} message={errorMessage(load.error, texts.loadFailed)} onRetry={load.reload} />
    );
  }
  if (!load.data) return <LoadingState message={texts.loading} />;
  if (load.data.length === 0) return <EmptyState icon={emptyIcon} title={texts.empty} description={texts.emptyHint} />;
  return <>{children(load.data)}</>;
}
