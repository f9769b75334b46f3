/**
 * The bench's count of a running server's unfolded clicks (scripts/bench/database.ts unfoldedClicks):
 * read on a read-only connection of its own beside the store's, it follows the fold's position,
 * bots included, and commits nothing the store would see as an outside write.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStore, type SqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import { databaseFile, unfoldedClicks } from '../../../../scripts/bench/database';
import { newClick, newLink } from '../../../helpers/records';

const opened: { dir: string; store: SqliteStore }[] = [];
afterEach(async () => {
  for (const { dir, store } of opened.splice(0)) {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function openBenchStore(): { dataDir: string; store: SqliteStore } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'me-bench-db-'));
  const store = createSqliteStore(databaseFile(dataDir));
  opened.push({ dir: dataDir, store });
  return { dataDir, store };
}

describe('unfoldedClicks', () => {
  it('counts the stored clicks above the fold position, bots included, down to 0 once folded', async () => {
    const { dataDir, store } = openBenchStore();
    expect(unfoldedClicks(dataDir)).toBe(0);
    const link = await store.links.create(newLink());
    const at = 1_700_000_000_000;
    await store.clicks.insertMany([
      newClick(link.id, at),
      newClick(link.id, at + 1, { is_bot: true }),
      newClick(link.id, at + 2),
    ]);
    expect(unfoldedClicks(dataDir)).toBe(3);
    expect(await store.analytics.catchUp(2)).toBe(2);
    expect(unfoldedClicks(dataDir)).toBe(1);
    await store.analytics.catchUp();
    expect(unfoldedClicks(dataDir)).toBe(0);
  });

  it('writes nothing: the store sees no commit from outside', async () => {
    const { dataDir, store } = openBenchStore();
    const link = await store.links.create(newLink());
    await store.clicks.insertMany([newClick(link.id, 1_700_000_000_000)]);
    const version = () => store.db.pragma('data_version', { simple: true });
    const before = version();
    expect(unfoldedClicks(dataDir)).toBe(1);
    expect(version()).toBe(before);
    // The check can fail: a commit on a connection of its own moves it.
    const other = createSqliteStore(databaseFile(dataDir));
    await other.clicks.insertMany([newClick(link.id, 1_700_000_000_001)]);
    await other.close();
    expect(version()).not.toBe(before);
  });
});
