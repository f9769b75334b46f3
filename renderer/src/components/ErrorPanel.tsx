import { useTranslation } from 'react-i18next';
import { Banner } from './Banner';
import { Button } from './Button';

/** A failed load: the spec's title, the reason, and Retry. */
export function ErrorPanel({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Banner
      tone="error"
      title={title}
      actions={
        onRetry ? (
          <Button size="sm" icon="refresh" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    >
      {message}
    </Banner>
  );
}
