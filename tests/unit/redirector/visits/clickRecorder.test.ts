import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewClick } from '../../../../redirector/storage/records';
import { createSqliteStore, type SqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import { createClickRecorder } from '../../../../redirector/visits/clickRecorder';
import { newClick, newLink } from '../../../helpers/records';
import { makeTempDir } from '../../../helpers/testServer';
import { DEVICE } from '../../../helpers/visitors';

let store: SqliteStore;
let linkId: number;
const logged: string[] = [];
const log = (message: string) => {
  logged.push(message);
};

function click(n: number): NewClick {
  return newClick(linkId, 1_700_000_000_000 + n, {
    ip_address: `10.0.0.${n}`,
    country: 'XX',
    city: null,
    ...DEVICE.none,
    user_agent: '',
  });
}

beforeEach(async () => {
  logged.length = 0;
  store = createSqliteStore(path.join(makeTempDir('me-recorder-'), 'me.sqlite'));
  const link = await store.links.create(newLink({ title: '', short_code: 'abc', created_at: 0 }));
  linkId = link.id;
});
afterEach(() => store.close());

/** One turn of the event loop: the recorder sends what it gathered in the turn before. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** The real store's insert, held until the test lets each batch through (`held[i].release()`). */
function heldInserts() {
  const held: { rows: number; release: () => void }[] = [];
  const clicks = {
    ...store.clicks,
    insertMany: (rows: readonly NewClick[]) =>
      new Promise<void>((resolve) => {
        held.push({ rows: rows.length, release: () => void store.clicks.insertMany(rows).then(resolve) });
      }),
  };
  return { held, clicks };
}

describe('createClickRecorder', () => {
  it('stores the clicks of one event-loop turn together, after the turn, before answering', async () => {
    const recorder = createClickRecorder(store.clicks, { log });
    const answered: number[] = [];
    const stored: number[] = [];
    for (let n = 1; n <= 3; n++) {
      recorder.recordThen(click(n), () => {
        answered.push(n);
        stored.push(store.db.prepare('SELECT COUNT(*) FROM clicks').pluck().get() as number);
      });
    }
    expect(await store.clicks.countAll()).toBe(0);
    expect(recorder.pending()).toBe(3);
    await turn();
    await recorder.flush();
    expect(answered).toEqual([1, 2, 3]);
    expect(stored).toEqual([3, 3, 3]);
    expect((await store.clicks.listByLink(linkId)).map((c) => c.ip_address)).toEqual([
      '10.0.0.1',
      '10.0.0.2',
      '10.0.0.3',
    ]);
  });

  it('flush() stores what is pending right away', async () => {
    const recorder = createClickRecorder(store.clicks, { log });
    const done = Promise.all([recorder.record(click(1)), recorder.record(click(2))]);
    await recorder.flush();
    expect(await store.clicks.countAll()).toBe(2);
    expect(recorder.pending()).toBe(0);
    await done;
  });

  it('still answers when the insert fails, keeps the clicks and stores them once it works again', async () => {
    const recorder = createClickRecorder(store.clicks, { log, retryDelayMs: 60_000 });
    store.db.exec('ALTER TABLE clicks RENAME TO clicks_away');
    await Promise.all([recorder.record(click(1)), recorder.record(click(2))]);
    expect(recorder.pending()).toBe(2);
    expect(logged).toEqual(['could not store 2 click(s); keeping them to retry']);
    await expect(recorder.flush()).rejects.toThrow('2 click(s) could not be stored');

    store.db.exec('ALTER TABLE clicks_away RENAME TO clicks');
    await recorder.record(click(3));
    await recorder.flush();
    expect(recorder.pending()).toBe(0);
    expect((await store.clicks.listByLink(linkId)).map((c) => c.ip_address).sort()).toEqual([
      '10.0.0.1',
      '10.0.0.2',
      '10.0.0.3',
    ]);
  });

  it('keeps at most maxRetained clicks, dropping the oldest', async () => {
    const recorder = createClickRecorder(store.clicks, { log, maxRetained: 2, retryDelayMs: 60_000 });
    store.db.exec('ALTER TABLE clicks RENAME TO clicks_away');
    await Promise.all([1, 2, 3].map((n) => recorder.record(click(n))));
    expect(recorder.pending()).toBe(2);
    store.db.exec('ALTER TABLE clicks_away RENAME TO clicks');
    await recorder.flush();
    expect((await store.clicks.listByLink(linkId)).map((c) => c.ip_address)).toEqual(['10.0.0.2', '10.0.0.3']);
  });

  it('drops the clicks of a link deleted meanwhile and stores the rest of the batch', async () => {
    const recorder = createClickRecorder(store.clicks, { log });
    const other = await store.links.create(newLink({ title: '', short_code: 'gone', created_at: 0 }));
    const pending = [recorder.record(click(1)), recorder.record({ ...click(2), link_id: other.id })];
    await store.links.delete(other.id);
    await Promise.all(pending);
    expect(recorder.pending()).toBe(0);
    expect(logged).toEqual([]);
    expect(await store.clicks.countAll()).toBe(1);
  });

  it('writes up to maxInFlight batches at once, and answers each click once its own batch is stored', async () => {
    const { held, clicks } = heldInserts();
    const recorder = createClickRecorder(clicks, { log, maxInFlight: 2 });
    const answered: number[] = [];
    const record = (n: number) => recorder.recordThen(click(n), () => answered.push(n));
    record(1);
    await turn();
    record(2);
    record(3);
    await turn();
    record(4);
    await turn();
    // Two batches out, the third waits for a place.
    expect(held.map((batch) => batch.rows)).toEqual([1, 2]);
    expect(recorder.pending()).toBe(1);

    held[1]!.release();
    await vi.waitFor(() => expect(answered).toEqual([2, 3]));
    await vi.waitFor(() => expect(held.map((batch) => batch.rows)).toEqual([1, 2, 1]));
    held[0]!.release();
    held[2]!.release();
    await recorder.flush();
    expect(answered.sort()).toEqual([1, 2, 3, 4]);
    expect(await store.clicks.countAll()).toBe(4);
    expect(recorder.pending()).toBe(0);
  });

  it('sends a batch beside one in flight only once it holds joinInFlightAt clicks; a smaller one waits and grows', async () => {
    const { held, clicks } = heldInserts();
    const recorder = createClickRecorder(clicks, { log, maxInFlight: 4, joinInFlightAt: 3 });
    const answered: number[] = [];
    const record = (n: number) => recorder.recordThen(click(n), () => answered.push(n));
    record(1);
    await turn();
    // One batch out: the next two clicks, in two turns, stay below 3 and wait for it.
    record(2);
    await turn();
    record(3);
    await turn();
    expect(held.map((batch) => batch.rows)).toEqual([1]);
    // A third click makes the waiting batch large enough to go out beside the first.
    record(4);
    await turn();
    expect(held.map((batch) => batch.rows)).toEqual([1, 3]);
    record(5);
    await turn();
    expect(held.map((batch) => batch.rows)).toEqual([1, 3]);
    // Once a write ends, whatever waits goes out, however small.
    held[0]!.release();
    await vi.waitFor(() => expect(held.map((batch) => batch.rows)).toEqual([1, 3, 1]));
    held[1]!.release();
    held[2]!.release();
    await recorder.flush();
    expect(answered.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await store.clicks.countAll()).toBe(5);
  });

  it('flush stores a batch smaller than joinInFlightAt while another is in flight', async () => {
    let release: () => void = () => {};
    let first = true;
    const clicks = {
      ...store.clicks,
      insertMany: (rows: readonly NewClick[]) => {
        if (!first) return store.clicks.insertMany(rows);
        first = false;
        return new Promise<void>((resolve) => {
          release = () => void store.clicks.insertMany(rows).then(resolve);
        });
      },
    };
    const recorder = createClickRecorder(clicks, { log, maxInFlight: 4, joinInFlightAt: 10 });
    recorder.recordThen(click(1), () => {});
    await turn();
    recorder.recordThen(click(2), () => {});
    const flushed = recorder.flush();
    release();
    await flushed;
    expect(await store.clicks.countAll()).toBe(2);
  });
});
