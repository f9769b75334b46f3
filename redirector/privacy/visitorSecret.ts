/**
 * The key of ANONYMIZE_IPS's hashes: generated on first start and kept (privacy/keptSecret.ts), so
 * that a visitor counted before a restart is the same visitor after it, and every instance sharing
 * a PostgreSQL database counts a visitor under the same hash.
 */
import type { Store } from '../storage/store';
import { loadKeptSecret } from './keptSecret';

export const VISITOR_KEY_FILE = 'visitor-key';

export function loadVisitorSecret(store: Store, dataDir: string): Promise<Buffer> {
  return loadKeptSecret(store, dataDir, VISITOR_KEY_FILE);
}
