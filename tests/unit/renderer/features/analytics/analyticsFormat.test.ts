import { describe, expect, it } from 'vitest';
import { topEntries } from '../../../../../renderer/src/features/analytics/analyticsFormat';

describe('topEntries', () => {
  it('sorts by count then name, drops zeros and cuts to the limit', () => {
    expect(topEntries({ DE: 2, US: 5, FR: 2, XX: 0, GB: 1 }, 3)).toEqual([
      ['US', 5],
      ['DE', 2],
      ['FR', 2],
    ]);
    expect(topEntries({})).toEqual([]);
  });
});
