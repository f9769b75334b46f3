import type { ReactNode } from 'react';
import { FailureBanner } from './Banner';
import { Button } from './Button';
import { CopyButton } from './CopyButton';

export interface SecretCalloutProps {
  /** The callout's test id; its secret's is `<testId>-secret`. */
  testId: string;
  /** Nothing shows without one. */
  secret: string | null | undefined;
  /** A class for the secret's code block beside `code-block grow`. */
  secretClassName: string;
  texts: { title: string; copy: string; copied: string; warning: string; done: string };
  onDone: () => void;
  /** What follows the warning (a usage example). */
  children?: ReactNode;
}

/** A secret shown once, just after it was made: copy it, a warning that it will not show again, Done. */
export function SecretCallout({ testId, secret, secretClassName, texts, onDone, children }: SecretCalloutProps) {
  if (!secret) return null;
  return (
    <div className="callout" data-testid={testId}>
      <div className="callout__title">{texts.title}</div>
      <div className="row">
        <code className={`code-block grow ${secretClassName}`} data-testid={`${testId}-secret`}>
          {secret}
        </code>
        <CopyButton text={secret} variant="text" label={texts.copy} copiedLabel={texts.copied} />
      </div>
      <p className="text-sm">
        <strong>{texts.warning}</strong>
      </p>
      {children}
      <div className="row">
        <Button onClick={onDone}>{texts.done}</Button>
      </div>
    </div>
  );
}

/**
 * What a create that makes a secret came to: its failure until dismissed, and the secret once
 * (the API keys, the webhooks, a team's invitation).
 */
export function CreatedSecret({
  creation,
  ...callout
}: SecretCalloutProps & { creation: { error: string | null; clearError: () => void } }) {
  return (
    <>
      <FailureBanner message={creation.error} onDismiss={creation.clearError} />
      <SecretCallout {...callout} />
    </>
  );
}
