import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCredentialWatch } from '../../../../redirector/http/credentialWatch';

describe('createCredentialWatch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks each credential once a round however many streams it opened, on one timer', async () => {
    const watch = createCredentialWatch(1000);
    const checks = { a: 0, b: 0 };
    const ended: string[] = [];
    let bStands = true;
    const a = {
      key: 'a',
      stands: async () => {
        checks.a += 1;
        return true;
      },
    };
    const b = {
      key: 'b',
      stands: async () => {
        checks.b += 1;
        return bStands;
      },
    };
    const stops = [
      ...Array.from({ length: 20 }, (_, i) => watch.watch(a, () => ended.push(`a${i}`))),
      ...Array.from({ length: 20 }, (_, i) => watch.watch(b, () => ended.push(`b${i}`))),
    ];
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(checks).toEqual({ a: 3, b: 3 });
    expect(ended).toEqual([]);

    // b fails: its 20 streams end at the next round, a's stay.
    bStands = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(ended).toEqual(Array.from({ length: 20 }, (_, i) => `b${i}`));
    expect(watch.size()).toBe(1);

    // The last stream gone: no timer left.
    for (const stop of stops) stop();
    expect(watch.size()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the streams of a credential whose check throws (the database did not answer)', async () => {
    const watch = createCredentialWatch(1000);
    let ended = false;
    watch.watch(
      {
        key: 'k',
        stands: async () => {
          throw new Error('database down');
        },
      },
      () => {
        ended = true;
      },
    );
    await vi.advanceTimersByTimeAsync(3000);
    expect(ended).toBe(false);
    expect(watch.size()).toBe(1);
  });
});
