/** The bench's database work, through the product's own store (so the schema is always current). */
import path from 'node:path';
import { SQLITE_FILE } from '../../redirector/storage/openStore';
import { createSqliteStore } from '../../redirector/storage/sqlite/sqliteStore';
import type { BenchLink } from './traffic';

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, SQLITE_FILE);
}

/** Creates the links (admin-owned) in a fresh database in dataDir. */
export async function createLinks(dataDir: string, links: readonly BenchLink[], now = Date.now()): Promise<void> {
  const store = createSqliteStore(databaseFile(dataDir));
  try {
    for (const [i, link] of links.entries()) {
      await store.links.create({ ...link, user_id: null, created_at: now - (links.length - i) * 60_000 });
    }
  } finally {
    await store.close();
  }
}

/** Every stored click, bots included (the server must be stopped first). */
export async function countStoredClicks(dataDir: string): Promise<number> {
  const store = createSqliteStore(databaseFile(dataDir));
  try {
    return await store.clicks.countAll();
  } finally {
    await store.close();
  }
}
