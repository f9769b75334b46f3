import { Banner } from './Banner';
import { Button } from './Button';

/** A failed load: the spec's title, the reason, and Retry. */
export function ErrorPanel({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <Banner
      tone="error"
      title={title}
      actions={
        onRetry ? (
          <Button size="sm" icon="refresh" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    >
      {message}
    </Banner>
  );
}
