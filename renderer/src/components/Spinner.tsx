import { useTranslation } from 'react-i18next';
import { cx } from './cx';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Text for screen readers; ignored when decorative. */
  label?: string;
  /** Inside a control that already says it is busy. */
  decorative?: boolean;
}

export function Spinner({ size = 'md', label, decorative = false }: SpinnerProps) {
  const { t } = useTranslation();
  const className = cx('spinner', size !== 'md' && `spinner--${size}`);
  if (decorative) return <span className={className} aria-hidden="true" />;
  return <span className={className} role="status" aria-label={label ?? t('components.spinner')} />;
}

/** A centred spinner with a visible message, e.g. 'Loading dashboard...'. */
export function LoadingState({ message }: { message: string }) {
  return (
    <div className="loading-state" role="status" aria-live="polite">
      <Spinner size="lg" decorative />
      <span>{message}</span>
    </div>
  );
}
