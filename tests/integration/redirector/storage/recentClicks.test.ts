/**
 * The latest clicks, kept for the live stream, the webhooks and the broker on SQLite
 * (storage/repositories/recentClicks.ts), as read or as the click writer handed them over: what the
 * window answers is what the database answers now (its links' columns as they are now, a deleted
 * link's clicks gone, a team's clicks only), and it answers nothing it cannot tell whole.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemScope } from '../../../../redirector/auth/scope';
import { createDatabaseFeed, type FeedClick } from '../../../../redirector/storage/repositories/eventFeed';
import { createRecentClicks } from '../../../../redirector/storage/repositories/recentClicks';
import { sqliteClickInserts } from '../../../../redirector/storage/sqlite/clickInserts';
import { openDatabase } from '../../../../redirector/storage/sqlite/database';
import { watchLinkChanges } from '../../../../redirector/storage/sqlite/linkChanges';
import { createSqliteExecutor } from '../../../../redirector/storage/sqlite/sqliteExecutor';
import { createSqliteStore, type SqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import { makeTempDir } from '../../../helpers/testServer';
import { newClick, newLink, newUser } from './storeKinds';

const ids = (clicks: readonly FeedClick[] | undefined) => clicks?.map((click) => click.id);

describe('the recent clicks kept on SQLite', () => {
  let store: SqliteStore;
  beforeEach(() => {
    store = createSqliteStore(path.join(makeTempDir('me-recent-'), 'me.sqlite'));
  });
  afterEach(() => store.close());

  /** Links of the administrator and of one user, 30 clicks over them (every third a bot's), the stream's read noted. */
  async function seeded() {
    const user = await store.users.create(newUser());
    const admin = await store.links.create(newLink({ short_code: 'mine' }));
    const theirs = await store.links.create(newLink({ short_code: 'theirs', user_id: user.id }));
    await store.clicks.insertMany(
      Array.from({ length: 30 }, (_, i) => newClick(i % 2 ? theirs.id : admin.id, 1_000 + i, { is_bot: i % 3 === 0 })),
    );
    const executor = createSqliteExecutor(store.db);
    // What the database answers, read without any window.
    const database = createDatabaseFeed(executor);
    const all = await database.clicksAfter({ after: 0, scope: systemScope(), limit: 1000 });
    const recent = createRecentClicks(executor);
    recent.note({ after: 0, scope: systemScope(), limit: 1000 }, all);
    return { user, admin, theirs, all, recent, database, last: all[all.length - 1]!.id };
  }

  it("answers a webhook's and the broker's reads from what the stream read, as the database does", async () => {
    const { user, all, recent, database, last } = await seeded();
    expect(all).toHaveLength(20);
    const everyTeam = await recent.serve({ after: all[2]!.id, upTo: last, scope: systemScope(), limit: 5 });
    expect(everyTeam).toEqual(
      await database.clicksAfter({ after: all[2]!.id, upTo: last, scope: systemScope(), limit: 5 }),
    );
    expect(ids(everyTeam)).toEqual(ids(all.slice(3, 8)));
    const team = systemScope(user.personal_team_id);
    const theirs = await recent.serve({ after: 0, upTo: last, scope: team, limit: 100 });
    expect(ids(theirs)).toEqual(ids(all.filter((click) => click.team_id === user.personal_team_id)));
    expect(theirs).toHaveLength(10);
    expect(theirs).toEqual(await database.clicksAfter({ after: 0, upTo: last, scope: team, limit: 100 }));
  });

  it("gives the link's columns as they are now, and none of a deleted link's clicks", async () => {
    const { admin, theirs, all, recent, database, last } = await seeded();
    await store.links.update(admin.id, { domain: 'go.example.com' });
    await store.links.delete(theirs.id);
    const served = await recent.serve({ after: 0, upTo: last, scope: systemScope(), limit: 100 });
    expect(ids(served)).toEqual(ids(all.filter((click) => click.link_id === admin.id)));
    expect(served?.every((click) => click.domain === 'go.example.com')).toBe(true);
    expect(served).toEqual(await database.clicksAfter({ after: 0, upTo: last, scope: systemScope(), limit: 100 }));
  });

  it("keeps the links' columns it read until a link changes here or in another process", async () => {
    const { admin, theirs, last, database } = await seeded();
    const executor = createSqliteExecutor(store.db);
    const recent = createRecentClicks(executor, undefined, undefined, watchLinkChanges(store.db));
    recent.note(
      { after: 0, scope: systemScope(), limit: 1000 },
      await database.clicksAfter({ after: 0, scope: systemScope(), limit: 1000 }),
    );
    const query = { after: 0, upTo: last, scope: systemScope(), limit: 100 };
    const same = async () => expect(await recent.serve(query)).toEqual(await database.clicksAfter(query));
    await same();
    // Through the repository, by hand on the same connection, and from another connection (another process).
    await store.links.update(admin.id, { domain: 'go.example.com' });
    await same();
    store.db.prepare("UPDATE links SET short_code = 'renamed' WHERE id = ?").run(theirs.id);
    await same();
    const other = openDatabase(store.db.name);
    try {
      other.prepare("UPDATE links SET short_code = 'elsewhere' WHERE id = ?").run(admin.id);
    } finally {
      other.close();
    }
    await same();
    await store.links.delete(theirs.id);
    await same();
    expect((await recent.serve(query))?.every((click) => click.short_code === 'elsewhere')).toBe(true);
  });

  it('answers nothing it cannot tell whole: before what it keeps, past its last id, one link, own links only', async () => {
    const { all, recent, last, theirs, database } = await seeded();
    const partial = { after: all[0]!.id, scope: systemScope(), limit: 100 };
    expect(await recent.serve({ ...partial, upTo: last + 5 })).toBeUndefined();
    // Unbounded: whole while nothing was stored past the last id kept, and not once a click was.
    expect(await recent.serve(partial)).toEqual(await database.clicksAfter(partial));
    await store.clicks.insertMany([newClick(theirs.id, 5_000)]);
    expect(await recent.serve(partial)).toBeUndefined();
    expect(await recent.serve({ ...partial, upTo: last, linkId: theirs.id })).toBeUndefined();
    // A full page is whole whatever lies past the last id kept.
    expect(ids(await recent.serve({ ...partial, limit: 3 }))).toEqual(ids(all.slice(1, 4)));
    const later = createRecentClicks(createSqliteExecutor(store.db));
    later.note({ after: all[4]!.id, scope: systemScope(), limit: 1000 }, all.slice(5));
    expect(await later.serve({ after: all[3]!.id, upTo: last, scope: systemScope(), limit: 100 })).toBeUndefined();
  });

  it('keeps the latest clicks only, and starts again after a read that does not follow what it keeps', async () => {
    const { all, last } = await seeded();
    const small = createRecentClicks(createSqliteExecutor(store.db), 8);
    small.note({ after: 0, scope: systemScope(), limit: 10 }, all.slice(0, 10));
    small.note({ after: all[9]!.id, scope: systemScope(), limit: 10 }, all.slice(10));
    expect(await small.serve({ after: all[11]!.id - 1, upTo: last, scope: systemScope(), limit: 100 })).toBeUndefined();
    expect(ids(await small.serve({ after: all[11]!.id, upTo: last, scope: systemScope(), limit: 100 }))).toEqual(
      ids(all.slice(12)),
    );
    small.note({ after: last + 100, scope: systemScope(), limit: 10 }, []);
    small.note({ after: all[15]!.id, scope: systemScope(), limit: 10 }, all.slice(16));
    expect(await small.serve({ after: all[13]!.id, upTo: last, scope: systemScope(), limit: 100 })).toBeUndefined();
    expect(ids(await small.serve({ after: all[15]!.id, upTo: last, scope: systemScope(), limit: 100 }))).toEqual(
      ids(all.slice(16)),
    );
  });

  it('answers nothing from clicks the ring went round over while their links were read', async () => {
    const user = await store.users.create(newUser());
    const link = await store.links.create(newLink({ short_code: 'ring', user_id: user.id }));
    const executor = createSqliteExecutor(store.db);
    const small = createRecentClicks(executor, 8);
    const insert = sqliteClickInserts(store.db, small);
    const clicks = (count: number, at: number) => Array.from({ length: count }, (_, i) => newClick(link.id, at + i));
    const database = createDatabaseFeed(executor);
    expect(await small.serve({ after: 0, scope: systemScope(), limit: 100 })).toBeUndefined();
    await insert(clicks(12, 1_000));
    const stored = await database.clicksAfter({ after: 0, scope: systemScope(), limit: 100 });
    const query = { after: stored[3]!.id, upTo: stored[11]!.id, scope: systemScope(), limit: 100 };
    // The last 8 are kept, in columns that wrap around the ring's end once more clicks come.
    expect(await small.serve(query)).toEqual(await database.clicksAfter(query));
    await insert(clicks(5, 2_000));
    const later = { after: stored[11]!.id, scope: systemScope(), limit: 100 };
    expect(await small.serve(later)).toEqual(await database.clicksAfter(later));
    // A read waits for its links; meanwhile the writer's next batch (stored at once: the connection is
    // free) goes round the ring over the clicks it was reading.
    const waiting = small.serve({ ...later, upTo: stored[11]!.id + 5 });
    const next = insert(clicks(9, 3_000));
    expect(await waiting).toBeUndefined();
    await next;
  });

  describe('as the click writer hands its batches over', () => {
    /** A window fed by its own writer (the store's insert code on the same database), at a clock the test moves. */
    async function fed() {
      const user = await store.users.create(newUser());
      const admin = await store.links.create(newLink({ short_code: 'mine' }));
      const theirs = await store.links.create(newLink({ short_code: 'theirs', user_id: user.id }));
      const executor = createSqliteExecutor(store.db);
      let now = 1_000_000;
      const recent = createRecentClicks(executor, 1000, () => now);
      const insert = sqliteClickInserts(store.db, recent);
      const clicks = (count: number, at: number) =>
        Array.from({ length: count }, (_, i) =>
          newClick(i % 2 ? theirs.id : admin.id, at + i, { is_bot: i % 3 === 0, imported: i % 5 === 4 }),
        );
      const database = createDatabaseFeed(executor);
      const later = (ms: number) => {
        now += ms;
      };
      return { user, admin, recent, insert, clicks, database, later };
    }
    const every = (after: number) => ({ after, scope: systemScope(), limit: 1000 });

    it("answers the stream's unbounded reads from the batches themselves, as the database does", async () => {
      const { user, recent, insert, clicks, database } = await fed();
      // Asked once (nothing kept yet): from then on the writer hands its batches over.
      expect(await recent.serve(every(0))).toBeUndefined();
      await insert(clicks(12, 1_000));
      await insert(clicks(9, 2_000));
      const stored = await database.clicksAfter(every(0));
      expect(stored.length).toBeGreaterThan(8);
      expect(await recent.serve(every(0))).toEqual(stored);
      const middle = stored[3]!.id;
      expect(await recent.serve(every(middle))).toEqual(await database.clicksAfter(every(middle)));
      const team = { ...every(0), scope: systemScope(user.personal_team_id) };
      expect(await recent.serve(team)).toEqual(await database.clicksAfter(team));
      // Not read back: a value changed under the window since is not what it answers.
      store.db.prepare("UPDATE clicks SET country = 'ZZ'").run();
      expect((await recent.serve(every(0)))?.map((click) => click.country)).toEqual(
        stored.map((click) => click.country),
      );
    });

    it('tells its listeners each time the batches handed over moved on by their ids, until they stop', async () => {
      const { recent, insert, clicks, database } = await fed();
      await recent.serve(every(0));
      const told: number[] = [];
      const stop = recent.onAdvance(20, () => told.push(told.length));
      // Every id a batch took counts, a bot's and an imported click's too.
      await insert(clicks(12, 1_000));
      expect(told).toHaveLength(0);
      await insert(clicks(9, 2_000));
      expect(told).toHaveLength(1);
      // One call however far a batch moved on; counted again from there.
      await insert(clicks(45, 3_000));
      expect(told).toHaveLength(2);
      await insert(clicks(19, 4_000));
      expect(told).toHaveLength(2);
      await insert(clicks(1, 5_000));
      expect(told).toHaveLength(3);
      expect(await database.lastClickId()).toBe(86);
      stop();
      await insert(clicks(60, 6_000));
      expect(told).toHaveLength(3);
    });

    it('starts again after a click stored by someone else, and takes nothing while nobody reads', async () => {
      const { admin, recent, insert, clicks, database, later } = await fed();
      await recent.serve(every(0));
      await insert(clicks(6, 1_000));
      const before = await database.clicksAfter(every(0));
      const last = before[before.length - 1]!.id;
      // Another writer's click (the store's own, as another process's would be), then this writer's
      // next batch: the window starts again after that click.
      await store.clicks.insertMany([newClick(admin.id, 3_000)]);
      expect(await recent.serve(every(last))).toBeUndefined();
      await insert(clicks(6, 4_000));
      expect(await recent.serve(every(last))).toBeUndefined();
      const outside = Number(store.db.prepare('SELECT MAX(id) FROM clicks WHERE clicked_at = 3000').pluck().get());
      expect(await recent.serve(every(outside))).toEqual(await database.clicksAfter(every(outside)));
      // A minute without a read: the batches are not taken, and the window no longer answers past them.
      later(61_000);
      await insert(clicks(6, 5_000));
      const newest = await database.clicksAfter(every(outside));
      expect(await recent.serve(every(outside))).toBeUndefined();
      await insert(clicks(6, 6_000));
      const tail = newest[newest.length - 1]!.id;
      expect(await recent.serve(every(tail))).toEqual(await database.clicksAfter(every(tail)));
    });
  });
});
