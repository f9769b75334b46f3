/**
 * The background fold on SQLite (docs/performance.md, "Imports while redirects run"): a turn whose
 * budget spans several slices (a backlog, an import's clicks) gives the event loop back between
 * two, so whatever waits on it (a redirect) waits for one slice at most, not for the turn's whole
 * budget. A task that looks once a turn sees the pending clicks after every slice.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { foldInBackground } from '../../../../../../redirector/storage/sqlite/analytics/background';
import { createRollupFolder } from '../../../../../../redirector/storage/sqlite/analytics/rollups';
import { openDatabase } from '../../../../../../redirector/storage/sqlite/database';
import { createSqliteStore } from '../../../../../../redirector/storage/sqlite/sqliteStore';
import { newClick, newLink } from '../../../../../helpers/records';
import { makeTempDir } from '../../../../../helpers/testServer';

const CLICKS = 6000;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the background fold on SQLite', () => {
  it('gives the event loop back between the slices of a turn', async () => {
    const file = path.join(makeTempDir('me-fold-'), 'me.sqlite');
    const store = createSqliteStore(file);
    const linkId = (await store.links.create(newLink({ short_code: 'backlog' }))).id;
    const start = Date.UTC(2025, 0, 1);
    await store.clicks.insertMany(
      Array.from({ length: CLICKS }, (_, n) =>
        newClick(linkId, start + n * 60_000, { ip_address: `198.51.100.${n % 200}` }),
      ),
    );
    await store.close();

    const db = openDatabase(file);
    cleanups.push(() => {
      db.close();
    });
    const folder = createRollupFolder(db);
    // What each slice left pending, as the fold itself saw it.
    const afterSlices: number[] = [];
    const counted = {
      ...folder,
      fold(maxRows?: number) {
        const folded = folder.fold(maxRows);
        afterSlices.push(folder.pending());
        return folded;
      },
    };
    const lastClickId = db.prepare('SELECT COALESCE(MAX(id), 0) FROM clicks').pluck();
    // Each turn's budget is several slices: 12 ms in slices of at most 1 ms.
    const folding = foldInBackground(counted, () => lastClickId.get() as number, {
      intervalMs: 5,
      sliceMs: 1,
      busyBudgetMs: 12,
      idleBudgetMs: 12,
      log: () => {},
    });
    cleanups.push(() => folding.stop());

    const seen = new Set<number>();
    await new Promise<void>((resolve) => {
      const look = () => {
        const pending = folder.pending();
        seen.add(pending);
        if (pending === 0) resolve();
        else setImmediate(look);
      };
      look();
    });

    expect(afterSlices.at(-1)).toBe(0);
    // Turns of several slices each (else the test shows nothing)…
    expect(afterSlices.length).toBeGreaterThan(10);
    // …and a look between every two slices: no slice's result went by unseen.
    for (const pending of afterSlices) expect(seen.has(pending)).toBe(true);
  });
});
