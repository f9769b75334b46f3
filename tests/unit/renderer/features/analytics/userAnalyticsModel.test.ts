import { describe, expect, it } from 'vitest';
import type { Link, UserLinkAnalyticsResponse } from '../../../../../redirector/contract';
import { userAnalyticsModel } from '../../../../../renderer/src/features/analytics/userAnalyticsModel';
import { apiLink, userLinkStats } from '../../../../helpers/linkFixtures';
import { dailyClicks } from '../../../../helpers/series';

const link = apiLink({
  id: 1,
  title: 'Sale',
  short_code: 'sale',
  clicks: 10,
  total_clicks: 10,
  unique_visitors: 4,
  blocked_visitors: 3,
  enable_country_redirect: true,
});

function answer(overrides: Partial<UserLinkAnalyticsResponse['stats']> = {}, linkOverrides: Partial<Link> = {}) {
  return {
    link: { ...link, ...linkOverrides },
    stats: userLinkStats(
      { clicks: 10, browser: 'Chrome', referrer: 'Direct', os: 'Windows', weekday: 1 },
      {
        uniqueVisitors: 4,
        deviceStats: { ios: 3, android: 2, web: 5 },
        countryCounts: { US: 5, IN: 3, XX: 2, DE: 0 },
        blockedCountries: { IN: 3 },
        blockedVisitors: 3,
        last7Days: dailyClicks('2025-01-01', [0, 1, 0, 2, 3, 0, 4]),
        ...overrides,
      },
    ),
    recentClicks: [],
    variants: [],
    passwordLockedUntil: null,
  } satisfies UserLinkAnalyticsResponse;
}

describe('user analytics model', () => {
  it('derives the cards, the 7-day series and the device slices', () => {
    const model = userAnalyticsModel(answer(), 'en-US');
    expect(model.totalClicks).toBe(10);
    expect(model.uniqueVisitors).toBe(4);
    // US and IN: 'Unknown' (XX) holds clicks but is no country, DE has none.
    expect(model.countries).toBe(2);
    expect(model.mobileClicks).toBe(5);
    expect(model.span).toBeUndefined();
    expect(model.trend.map((point) => point.label)).toEqual([
      'Jan 1',
      'Jan 2',
      'Jan 3',
      'Jan 4',
      'Jan 5',
      'Jan 6',
      'Jan 7',
    ]);
    expect(model.trend.map((point) => point.value)).toEqual([0, 1, 0, 2, 3, 0, 4]);
    expect(model.devices.map((slice) => [slice.name, slice.value])).toEqual([
      ['iOS', 3],
      ['Android', 2],
      ['Web', 5],
    ]);
  });

  it("with a range, the trend is the range's days, not the last 7", () => {
    const days = [
      { date: '2024-12-30', clicks: 2 },
      { date: '2024-12-31', clicks: 0 },
      { date: '2025-01-01', clicks: 5 },
    ];
    const model = userAnalyticsModel(answer({ days }), 'en-US');
    expect(model.span).toEqual({ first: 'Dec 30', last: 'Jan 1' });
    expect(model.trend).toEqual([
      { label: 'Dec 30', value: 2 },
      { label: 'Dec 31', value: 0 },
      { label: 'Jan 1', value: 5 },
    ]);
  });

  it("shows the blocked card only with country redirect on and blocked clicks, target 'Google' when none", () => {
    const model = userAnalyticsModel(answer());
    expect(model.showBlocked).toBe(true);
    expect(model.blockedTarget).toBe('Google');
    expect(userAnalyticsModel(answer({}, { country_redirect_url: 'https://x.example/' })).blockedTarget).toBe(
      'https://x.example/',
    );
    expect(userAnalyticsModel(answer({}, { enable_country_redirect: false })).showBlocked).toBe(false);
    expect(userAnalyticsModel(answer({ blockedCountries: {}, blockedVisitors: 0 })).showBlocked).toBe(false);
  });
});
