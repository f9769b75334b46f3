/**
 * A server key generated on first start and kept (docs/api.md#privacy): SQLite keeps it in a file
 * of DATA_DIR (mode 600, beside the admin key); PostgreSQL keeps it in the database, so that every
 * instance sharing the database holds the same key without the operator copying a file between them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Store } from '../storage/store';

function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** The key called `name`: a row of the database's shared secrets, else the file `DATA_DIR/<name>`. */
export async function loadKeptSecret(store: Store, dataDir: string, name: string): Promise<Buffer> {
  if (store.keepSharedSecret) return Buffer.from(await store.keepSharedSecret(name, newSecret()), 'base64url');
  const file = path.join(dataDir, name);
  if (fs.existsSync(file)) {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept !== '') return Buffer.from(kept, 'base64url');
  }
  const secret = newSecret();
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return Buffer.from(secret, 'base64url');
}

/** The key of the hub's click tokens (hubs/hubClickToken.ts): `DATA_DIR/hub-key`, or the database's row. */
export const HUB_KEY_NAME = 'hub-key';
