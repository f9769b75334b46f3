import { describe, expect, it } from 'vitest';
import type { Click } from '../../../../../redirector/contract';
import { onlineNow, referrerSlices, topEntries } from '../../../../../renderer/src/features/analytics/analyticsFormat';

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

const now = Date.parse('2025-01-05T12:00:00Z');

function click(ip: string, secondsAgo: number): Click {
  const at = now - secondsAgo * 1000;
  return {
    id: secondsAgo,
    link_id: 1,
    rule: null,
    variant: null,
    imported: false,
    created_at: new Date(at).toISOString(),
    clicked_at: at,
    ip_address: ip,
    country: 'US',
    city: null,
    device_type: 'web',
    device_info: null,
    browser: null,
    browser_version: null,
    os: null,
    os_version: null,
    referrer_source: null,
    instagram_exit: false,
    blocked: false,
    is_bot: false,
    user_agent: '',
  };
}

describe('per-link analytics helpers', () => {
  it('counts the distinct visitors who clicked in the last 2 minutes', () => {
    expect(onlineNow([click('a', 5), click('a', 30), click('b', 119), click('c', 121)], now)).toBe(2);
    expect(onlineNow([click('c', 600)], now)).toBe(0);
  });

  it('keeps the referrer pie to five sources and Other, hosts without www.', () => {
    expect(
      referrerSlices({
        Direct: 9,
        'www.instagram.com': 4,
        'instagram.com': 1,
        't.co': 3,
        'news.ycombinator.com': 2,
        'example.org': 1,
        'a.example': 1,
        'b.example': 1,
      }),
    ).toEqual([
      { name: 'Direct', value: 9 },
      { name: 'instagram.com', value: 5 },
      { name: 't.co', value: 3 },
      { name: 'news.ycombinator.com', value: 2 },
      { name: 'a.example', value: 1 },
      { name: 'Other', value: 2 },
    ]);
  });
});
