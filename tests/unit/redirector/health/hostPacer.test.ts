/**
 * The pace of link checks (docs/api.md#link-health): one request under way per account, the accounts
 * in turn, at most `atOnce` in all, one request per host per `perHostMs`, and the host as the pacer
 * keys it (no port, no case, no final dot).
 */
import { describe, expect, it } from 'vitest';
import { createHostPacer, hostKey } from '../../../../redirector/health/hostPacer';

/** A task that runs until `open` is called; `started` says whether it began. */
function gated() {
  const state = { started: false, open: () => {} };
  const gate = new Promise<void>((resolve) => {
    state.open = resolve;
  });
  const task = async () => {
    state.started = true;
    await gate;
  };
  return { state, task };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the link check pacer', () => {
  it("keeps an account to one request at once, and starts another account's meanwhile", async () => {
    const pacer = createHostPacer({ atOnce: 4, perHostMs: 0 });
    const slow = Array.from({ length: 5 }, () => gated());
    const done = slow.map((entry, n) => pacer.run('a', `slow-${n}`, entry.task));
    const other = gated();
    const otherDone = pacer.run('b', 'fast', other.task);
    await tick();
    expect(slow.map((entry) => entry.state.started)).toEqual([true, false, false, false, false]);
    expect(other.state.started).toBe(true);
    other.state.open();
    await otherDone;
    for (const [n, entry] of slow.entries()) {
      await tick();
      expect(slow.filter((each) => each.state.started)).toHaveLength(n + 1);
      entry.state.open();
    }
    await Promise.all(done);
  });

  it('serves the accounts in turn', async () => {
    const pacer = createHostPacer({ atOnce: 1, perHostMs: 0 });
    const order: string[] = [];
    const first = gated();
    const holding = pacer.run('z', 'held', first.task);
    const all = ['a1', 'a2', 'a3', 'b1', 'b2', 'c1'].map((name) =>
      pacer.run(name[0]!, `host-${name}`, async () => {
        order.push(name);
      }),
    );
    first.state.open();
    await Promise.all([holding, ...all]);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('starts requests to one host perHostMs apart, whichever account asks', async () => {
    const pacer = createHostPacer({ atOnce: 4, perHostMs: 300 });
    const starts: number[] = [];
    const record = async () => {
      starts.push(Date.now());
    };
    await Promise.all([pacer.run('a', 'example.com', record), pacer.run('b', 'example.com', record)]);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(290);
  });

  it('keys a host by its name alone: no port, no case, no final dot', () => {
    expect(hostKey(new URL('http://Example.COM.:8080/x'))).toBe('example.com');
    expect(hostKey(new URL('https://example.com/y'))).toBe('example.com');
    expect(hostKey(new URL('http://[::1]:80/'))).toBe('::1');
  });
});
