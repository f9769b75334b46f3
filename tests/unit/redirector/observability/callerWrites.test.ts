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
    await asCaller('someone', async () => {
      expect(await storesOnNewResources()).toBe(before);
      await noteWrite();
      expect(callerWroteRecently()).toBe(false);
    });
  });

  it('read their own writes while replicas are read, and stop when they are closed', async () => {
    const before = await storesOnNewResources();
    const stop = trackCallers();
    stops.push(stop);
    expect(callersTracked()).toBe(true);
    await asCaller('writer', async () => {
      expect(await storesOnNewResources()).toBe(before + 1);
      await noteWrite();
      expect(callerWroteRecently()).toBe(true);
    });
    await asCaller('reader', async () => expect(callerWroteRecently()).toBe(false));
    stop();
    stop();
    expect(callersTracked()).toBe(false);
    expect(await storesOnNewResources()).toBe(before);
  });
});
