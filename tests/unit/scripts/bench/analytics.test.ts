import { describe, expect, it } from 'vitest';
import { withinTarget } from '../../../../scripts/bench/analytics';

describe('the analytics calls against their targets', () => {
  it('judges a call on its median', () => {
    expect(withinTarget('dashboard', 249.9, 250, 0)).toBe(true);
    expect(withinTarget('dashboard', 250, 250, 0)).toBe(false);
  });

  it('judges the export on its time per 100,000 clicks, never better than for 100,000', () => {
    // 1,295,985 clicks in 12.9 s: 995 ms per 100,000.
    expect(withinTarget('export', 12_897.5, 2000, 1_295_985)).toBe(true);
    expect(withinTarget('export', 30_000, 2000, 1_295_985)).toBe(false);
    // A link of fewer clicks is held to the whole target, not scaled up.
    expect(withinTarget('export', 1_500, 2000, 20_000)).toBe(true);
    expect(withinTarget('export', 2_100, 2000, 20_000)).toBe(false);
    // An export that carried nothing did not show anything.
    expect(withinTarget('export', 10, 2000, 0)).toBe(false);
  });
});
