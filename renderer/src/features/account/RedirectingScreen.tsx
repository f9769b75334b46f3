import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How often the dots change (docs/api.md#pages). */
export const DOT_INTERVAL_MS = 500;

/** 1, 2, 3, 1, ... every DOT_INTERVAL_MS. */
export function useCyclingDots(intervalMs = DOT_INTERVAL_MS): string {
  const [count, setCount] = useState(1);
  useEffect(() => {
    const timer = setInterval(() => setCount((previous) => (previous % 3) + 1), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return '.'.repeat(count);
}

/** The 'Redirecting...' screen: shown while the app moves the visitor elsewhere. */
export function RedirectingScreen() {
  const { t } = useTranslation();
  const dots = useCyclingDots();
  return (
    <div className="loading-state" role="status" aria-label={t('account.redirecting')}>
      <span className="spinner spinner--lg" aria-hidden="true" />
      <span aria-hidden="true">
        {t('account.redirectingWord')}
        <span style={{ display: 'inline-block', width: '1.5em', textAlign: 'left' }}>{dots}</span>
      </span>
    </div>
  );
}
