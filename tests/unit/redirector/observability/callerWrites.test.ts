import { afterEach, describe, expect, it } from 'vitest';
import {
  asCaller,
  callersTracked,
  callerWroteRecently,
  noteWrite,
  trackCallers,
} from '../../../../redirector/observability/callerWrites';
import { storesOnNewResources } from '../../../helpers/asyncStores';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('requests as their callers', () => {
  it('run without an AsyncLocalStorage while no replicas are read', async () => {
    const before = await storesOnNewResources();
    expect(callersTracked()).toBe(false);
    // Before: every API call ran in the store, and Node ran a hook for every promise after it.
    let reads = 0;
    const someone = () => {
      reads += 1;
      return 'someone';
    };
    await asCaller(someone, async (caller) => {
      expect(caller).toBeUndefined();
      expect(await storesOnNewResources()).toBe(before);
      await noteWrite();
      expect(callerWroteRecently()).toBe(false);
    });
    // Nor is the caller read (a digest of its credentials per API call).
    expect(reads).toBe(0);
  });

  it('read their own writes while replicas are read, and stop when they are closed', async () => {
    const before = await storesOnNewResources();
    const stop = trackCallers();
    stops.push(stop);
    expect(callersTracked()).toBe(true);
    await asCaller(
      () => 'writer',
      async (caller) => {
        expect(caller).toBe('writer');
        expect(await storesOnNewResources()).toBe(before + 1);
        await noteWrite();
        expect(callerWroteRecently()).toBe(true);
      },
    );
    await asCaller(
      () => 'reader',
      async () => expect(callerWroteRecently()).toBe(false),
    );
    stop();
    stop();
    expect(callersTracked()).toBe(false);
    expect(await storesOnNewResources()).toBe(before);
  });
});
