/**
 * Something read from the store's domains and kept in memory (docs/api.md#custom-domains): read
 * first by `ready` (retried after a failure), again by `refresh` after each change made here, and
 * whenever the store says another instance or process changed a domain.
 */
import { loadOnce } from '../loadOnce';
import { logProblem } from '../observability/logger';
import type { Store } from '../storage/store';

export interface DomainsKept {
  /** Resolves once it is in memory (the first read, retried after a failure). */
  ready(): Promise<void>;
  /** Reads it again. */
  refresh(): Promise<void>;
}

/** `what` names it in the log line of a read again that failed. */
export function keepDomains(store: Store, what: string, refresh: () => Promise<void>): DomainsKept {
  store.onDomainsChanged?.(() => {
    refresh().catch((error) => logProblem(`could not read ${what} again`, error));
  });
  return { ready: loadOnce(refresh), refresh };
}
