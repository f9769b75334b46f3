import { describe, expect, it } from 'vitest';
import { redirectRunOrder } from '../../../../scripts/bench/runOrder';

describe('redirectRunOrder', () => {
  it('measures every kind once a run, each in every place over four runs', () => {
    const runs = [1, 2, 3, 4].map(redirectRunOrder);
    expect(runs).toEqual([
      ['plain', 'domain', 'rules', 'split'],
      ['domain', 'rules', 'split', 'plain'],
      ['rules', 'split', 'plain', 'domain'],
      ['split', 'plain', 'domain', 'rules'],
    ]);
    for (const place of [0, 1, 2, 3]) expect(new Set(runs.map((order) => order[place])).size).toBe(4);
    expect(redirectRunOrder(5)).toEqual(redirectRunOrder(1));
  });

  it('puts no compared kind in the same place twice over the default three runs', () => {
    const runs = [1, 2, 3].map(redirectRunOrder);
    for (const kind of ['plain', 'domain', 'rules', 'split'] as const) {
      expect(new Set(runs.map((order) => order.indexOf(kind))).size).toBe(3);
    }
  });
});
