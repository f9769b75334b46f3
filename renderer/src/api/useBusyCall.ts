/**
 * One call behind a button: busy while it runs (the button shows it and refuses a second click),
 * and the failure as a message for a person, cleared when the next try starts.
 */
import { useState } from 'react';
import { errorMessage } from './client';

export function useBusyCall(failedText: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (caught) {
      setError(errorMessage(caught, failedText));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, clearError: () => setError(null), run };
}
