/**
 * One call behind a button: busy while it runs (the button shows it and refuses a second click),
 * and the failure as a message for a person, cleared when the next try starts.
 */
import { useState } from 'react';
import { errorMessage } from './client';

/**
 * `failure`: the fallback message for an API call, or how to word any other failure.
 * `leaves`: the call ends by leaving the screen (a dialog closes, the account is gone), so busy
 * stays on after it succeeds and nothing can be pressed again meanwhile.
 */
export function useBusyCall(failure: string | ((caught: unknown) => string), { leaves = false } = {}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Whether the call succeeded (its failure is then `error`). */
  const run = async (call: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await call();
      if (!leaves) setBusy(false);
      return true;
    } catch (caught) {
      setError(typeof failure === 'string' ? errorMessage(caught, failure) : failure(caught));
      setBusy(false);
      return false;
    }
  };
  return { busy, error, clearError: () => setError(null), run };
}
