/**
 * The key of ANONYMIZE_IPS's hashes: generated on first start and kept, so that a visitor counted
 * before a restart is the same visitor after it. SQLite keeps it in DATA_DIR (mode 600, beside the
 * admin key); PostgreSQL keeps it in the database, so that every instance sharing the database
 * counts a visitor under the same hash without the operator copying a file between them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Store } from '../storage/store';

export const VISITOR_KEY_FILE = 'visitor-key';
const SECRET_NAME = 'visitor-key';

function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export async function loadVisitorSecret(store: Store, dataDir: string): Promise<Buffer> {
  if (store.keepSharedSecret) return Buffer.from(await store.keepSharedSecret(SECRET_NAME, newSecret()), 'base64url');
  const file = path.join(dataDir, VISITOR_KEY_FILE);
  if (fs.existsSync(file)) {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept !== '') return Buffer.from(kept, 'base64url');
  }
  const secret = newSecret();
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return Buffer.from(secret, 'base64url');
}
