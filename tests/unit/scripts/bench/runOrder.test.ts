import { describe, expect, it } from 'vitest';
import { redirectRunOrder } from '../../../../scripts/bench/runOrder';

describe('redirectRunOrder', () => {
  it('measures every kind once a run, each in every place over three runs', () => {
    const runs = [1, 2, 3].map(redirectRunOrder);
    expect(runs).toEqual([
      ['plain', 'domain', 'rules'],
      ['domain', 'rules', 'plain'],
      ['rules', 'plain', 'domain'],
    ]);
    for (const place of [0, 1, 2]) expect(new Set(runs.map((order) => order[place])).size).toBe(3);
    expect(redirectRunOrder(4)).toEqual(redirectRunOrder(1));
  });
});
