/**
 * The clicks the live stream read, kept for the webhooks and the broker on SQLite
 * (storage/repositories/recentClicks.ts): what the window answers is what the database answers
 * now (its links' columns as they are now, a deleted link's clicks gone, a team's clicks only),
 * and it answers nothing it cannot tell whole.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemScope } from '../../../../redirector/auth/scope';
import { createDatabaseFeed, type FeedClick } from '../../../../redirector/storage/repositories/eventFeed';
import { createRecentClicks } from '../../../../redirector/storage/repositories/recentClicks';
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

  it('answers nothing it cannot tell whole: before what it keeps, past its last id, one link, own links only', async () => {
    const { all, recent, last, theirs } = await seeded();
    const partial = { after: all[0]!.id, scope: systemScope(), limit: 100 };
    expect(await recent.serve({ ...partial, upTo: last + 5 })).toBeUndefined();
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
});
