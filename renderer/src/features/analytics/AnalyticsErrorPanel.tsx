import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { ErrorPanel } from '../../components/ErrorPanel';

export interface AnalyticsErrorPanelProps {
  /** The screen's subject, in the UI's language: 'Error Loading <what>'. */
  what: string;
  error: unknown;
  onRetry: () => void;
  fallback?: string;
}

/** A failed analytics read: the server's message, else the status, else `fallback`; with Retry. */
export function AnalyticsErrorPanel({ what, error, onRetry, fallback }: AnalyticsErrorPanelProps) {
  const { t } = useTranslation();
  return (
    <ErrorPanel
      title={t('analytics.errorLoading', { what })}
      message={errorMessage(error, fallback ?? t('analytics.failed'), { orStatus: true })}
      onRetry={onRetry}
    />
  );
}
