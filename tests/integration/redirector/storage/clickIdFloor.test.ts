/**
 * A click's id is never given again on SQLite (storage/repositories/clickIdFloor.ts, migration 39):
 * once the newest clicks are deleted (with their link, or by any statement), the next clicks stored,
 * by the click writer or by an import, take ids above theirs, after a restart too.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemScope } from '../../../../redirector/auth/scope';
import { emptyProgress } from '../../../../redirector/contract/imports';
import { createSqliteStore, type SqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import { makeTempDir } from '../../../helpers/testServer';
import { newClick, newLink } from './storeKinds';

describe('click ids on SQLite', () => {
  let file: string;
  let store: SqliteStore;
  beforeEach(() => {
    file = path.join(makeTempDir('me-click-ids-'), 'me.sqlite');
    store = createSqliteStore(file);
  });
  afterEach(() => store.close());

  const ids = () => store.db.prepare('SELECT id FROM clicks ORDER BY id').pluck().all() as number[];

  /** Two links, the second one's two clicks the newest, then that link deleted: the ids it took. */
  async function newestDeleted() {
    const kept = await store.links.create(newLink({ short_code: 'kept' }));
    const gone = await store.links.create(newLink({ short_code: 'gone' }));
    await store.clicks.insertMany([newClick(kept.id, 1_000), newClick(gone.id, 2_000), newClick(gone.id, 3_000)]);
    const goneIds = ids().slice(1);
    await store.links.delete(gone.id);
    expect(ids()).toHaveLength(1);
    return { kept, highest: Math.max(...goneIds) };
  }

  it("gives the click writer's next clicks ids above a deleted link's newest clicks, after a restart too", async () => {
    const { kept, highest } = await newestDeleted();
    await store.clicks.insertMany([newClick(kept.id, 4_000), newClick(kept.id, 5_000)]);
    expect(ids().slice(1)).toEqual([highest + 1, highest + 2]);
    // Deleted again, and the store opened anew: the floor is in the database.
    const top = ids().at(-1)!;
    store.db.prepare('DELETE FROM clicks WHERE id >= ?').run(highest + 1);
    store.close();
    store = createSqliteStore(file);
    await store.clicks.insertMany([newClick(kept.id, 6_000)]);
    expect(ids().at(-1)).toBe(top + 1);
  });

  it("gives an import's clicks ids above them", async () => {
    const { kept, highest } = await newestDeleted();
    const job = await store.imports.create(systemScope(), {
      source: 'csv',
      source_key: 'ids',
      dry_run: false,
      options: { on_conflict: 'skip' },
      connection: {},
      progress: emptyProgress(),
      created_at: 1_000,
    });
    expect((await store.imports.claim(2_000, 60_000))?.id).toBe(job.id);
    const step = { progress: emptyProgress(), errors: [], checkpoint: {}, leaseUntil: 60_000 };
    const imported = [newClick(kept.id, 7_000, { imported: true }), newClick(kept.id, 8_000, { imported: true })];
    expect(await store.importWrites.storeClicks(job.id, imported, step)).toBe(true);
    expect(ids().slice(1)).toEqual([highest + 1, highest + 2]);
  });
});
