/**
 * What a check means for a link (docs/api.md#link-health): at most 10 destinations a run, taken in
 * turn; a destination this server could not check makes the link unchecked with the reason, never
 * broken, unless another destination is.
 */
import { describe, expect, it } from 'vitest';
import { notCheckedNoResolver } from '../../../../redirector/contract/linkConversion';
import { DESTINATIONS_PER_RUN, destinationsOfRun, judgeCheck, turnOf } from '../../../../redirector/health/healthRules';

const link = (count: number) => ({
  target_url: 'https://example.com/target',
  variants: [],
  ios_url: null,
  android_url: null,
  geo_targets: Object.fromEntries(
    Array.from({ length: count - 1 }, (_, n) => [`C${String.fromCharCode(65 + n)}`, `https://example.com/${n}`]),
  ),
  expired_url: null,
});

describe('the destinations of a run', () => {
  it('takes every destination up to 10', () => {
    expect(destinationsOfRun(link(10), null)).toHaveLength(10);
  });

  it('takes the target and 9 others of 15, another 9 as the last check moves', () => {
    const first = destinationsOfRun(link(15), 0);
    expect(first).toHaveLength(DESTINATIONS_PER_RUN);
    expect(new Set(first).size).toBe(10);
    expect(first[0]).toBe('https://example.com/target');
    const later = destinationsOfRun(link(15), 5000);
    expect(later[0]).toBe('https://example.com/target');
    expect(later).not.toEqual(first);
    const seen = new Set(Array.from({ length: 14 }, (_, n) => destinationsOfRun(link(15), n * 1000)).flat());
    expect(seen.size).toBe(15);
  });
});

describe('judging a check', () => {
  const notChecked = { kind: 'unchecked' as const, error: notCheckedNoResolver('ECONNREFUSED') };

  it('says unchecked with the reason when this server could not check, keeping the soft failures', () => {
    const result = judgeCheck(
      [{ url: 'https://a.example/', outcome: notChecked }],
      { status: 'ok', soft_failures: 1 },
      5,
    );
    expect(result).toEqual({
      status: 'unchecked',
      checked_at: 5,
      http_status: null,
      error: 'Not checked: this server cannot resolve names (ECONNREFUSED)',
      url: 'https://a.example/',
      soft_failures: 1,
    });
  });

  it('says broken when another destination is', () => {
    const result = judgeCheck(
      [
        { url: 'https://a.example/', outcome: notChecked },
        { url: 'https://b.example/', outcome: { kind: 'broken', http_status: 404, error: 'HTTP 404' } },
      ],
      undefined,
      5,
    );
    expect(result).toMatchObject({ status: 'broken', url: 'https://b.example/', error: 'HTTP 404' });
  });
});

describe('turns told (link.broken, link.recovered)', () => {
  it('tells broken once until ok again, an unchecked spell between being no turn', () => {
    // ok → broken → unchecked → broken → ok, step by step.
    let told = false;
    const turns: (string | null)[] = [];
    for (const status of ['ok', 'broken', 'unchecked', 'broken', 'unchecked', 'ok', 'ok'] as const) {
      const next = turnOf(status, told);
      turns.push(next.turn);
      told = next.broken_told;
    }
    expect(turns).toEqual([null, 'broken', null, null, null, 'recovered', null]);
    expect(turnOf('skipped', true)).toEqual({ turn: null, broken_told: true });
    expect(turnOf('broken', false)).toEqual({ turn: 'broken', broken_told: true });
  });
});
