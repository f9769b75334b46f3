import { describe, expect, it } from 'vitest';
import { createConnectionTurns } from '../../../../redirector/storage/sqlite/connectionTurns';
import { storesOnNewResources } from '../../../helpers/asyncStores';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("turns on SQLite's one connection", () => {
  it("runs the holder's own statements at once, even through code it awaits", async () => {
    const turns = createConnectionTurns();
    const ran: string[] = [];
    const inside = async () => {
      await tick();
      return turns.whenFree(() => ran.push('inside'));
    };
    // Before: the holder's statement waited for the holder's own transaction, which never ended.
    await turns.exclusive(async () => {
      await inside();
      ran.push('end of transaction');
    });
    expect(ran).toEqual(['inside', 'end of transaction']);
  });

  it("keeps another task's statement out until the transaction ends", async () => {
    const turns = createConnectionTurns();
    const ran: string[] = [];
    let finish: () => void = () => {};
    const transaction = turns.exclusive(async () => {
      ran.push('begin');
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      ran.push('commit');
    });
    const other = Promise.resolve().then(() => turns.whenFree(() => ran.push('other')));
    await tick();
    expect(ran).toEqual(['begin']);
    finish();
    await Promise.all([transaction, other]);
    expect(ran).toEqual(['begin', 'commit', 'other']);
  });

  it('lets a task that started after the transaction ended run at once', async () => {
    const turns = createConnectionTurns();
    await turns.exclusive(async () => tick());
    expect(turns.whenFree(() => 'now')).toBe('now');
  });
});

describe("the turns' async hooks", () => {
  it('are on only while a transaction holds the connection', async () => {
    const before = await storesOnNewResources();
    const turns = createConnectionTurns();
    for (let transaction = 0; transaction < 2; transaction += 1) {
      await turns.exclusive(async () => {
        expect(await storesOnNewResources()).toBe(before + 1);
        // Still the holder's own statement after the hooks went off and on again.
        expect(turns.whenFree(() => 'at once')).toBe('at once');
      });
      // Before: the holder's AsyncLocalStorage stayed on, and Node ran a hook for every promise.
      expect(await storesOnNewResources()).toBe(before);
    }
  });
});
