/**
 * A change to one row of a list (verify a domain, disable a user): which row is busy, and the
 * failure of the last change as a message for a person, cleared when the next one starts.
 */
import { useState } from 'react';
import { errorMessage } from './client';

export function useRowChange<Key>() {
  const [busy, setBusy] = useState<Key | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** `failure`: the fallback message when the call's answer has none. */
  const run = async (key: Key, failure: string, change: () => Promise<void>) => {
    setBusy(key);
    setError(null);
    try {
      await change();
    } catch (caught) {
      setError(errorMessage(caught, failure));
    } finally {
      setBusy(null);
    }
  };
  return { busy, error, setError, run };
}
