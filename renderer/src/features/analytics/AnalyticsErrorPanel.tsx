import { errorMessage } from '../../api/client';
import { ErrorPanel } from '../../components/ErrorPanel';

export interface AnalyticsErrorPanelProps {
  /** The screen's subject: 'Error Loading <what>'. */
  what: string;
  error: unknown;
  onRetry: () => void;
  fallback?: string;
}

/** A failed analytics read: the server's message, else the status, else `fallback`; with Retry. */
export function AnalyticsErrorPanel({
  what,
  error,
  onRetry,
  fallback = 'Failed to fetch analytics',
}: AnalyticsErrorPanelProps) {
  return (
    <ErrorPanel
      title={`Error Loading ${what}`}
      message={errorMessage(error, fallback, { orStatus: true })}
      onRetry={onRetry}
    />
  );
}
