import { ApiError } from '../api/client';
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

/** The message of a failed call: the server's words, else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
