// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveVisitor } from '../../../../../redirector/contract';
import { LiveVisitorsTable } from '../../../../../renderer/src/features/analytics/LiveVisitorsTable';

afterEach(cleanup);

const now = Date.parse('2025-01-05T12:00:00Z');

function visitor(
  ip: string,
  durationSeconds: number,
  secondsAgo: number,
  extra: Partial<LiveVisitor> = {},
): LiveVisitor {
  return {
    ip,
    country: 'DE',
    countryName: 'Germany',
    city: 'Berlin',
    flag: '🇩🇪',
    link: { id: 1, title: 'Spring promo', short_code: 'spring' },
    device_type: 'ios',
    device_info: 'iPhone',
    browser: 'Mobile Safari',
    browser_version: '17.4',
    os: 'iOS',
    os_version: '17.4',
    referrer: 'Direct',
    durationSeconds,
    lastSeen: new Date(now - secondsAgo * 1000).toISOString(),
    ...extra,
  };
}

describe('LiveVisitorsTable', () => {
  it('shows durations as hours and minutes, minutes and seconds, or seconds', () => {
    render(
      <LiveVisitorsTable
        now={now}
        visitors={[visitor('203.0.113.1', 7505, 30), visitor('203.0.113.2', 190, 90), visitor('203.0.113.3', 45, 2)]}
      />,
    );
    expect(screen.getAllByTestId('live-duration').map((cell) => cell.textContent)).toEqual(['2h 5m', '3m 10s', '45s']);
    expect(screen.getByText('30s ago')).toBeTruthy();
    expect(screen.getByText('1m ago')).toBeTruthy();
    expect(screen.getByText('just now')).toBeTruthy();
  });

  it('shows the visitor, the link, device and browser with versions, and the source', () => {
    render(
      <LiveVisitorsTable
        now={now}
        visitors={[
          visitor('198.51.100.7', 0, 10, {
            city: null,
            country: 'XX',
            countryName: 'Unknown',
            flag: '🌐',
            device_type: 'web',
            device_info: null,
            browser: 'Chrome',
            browser_version: '124.0',
            os: 'Windows',
            os_version: '10',
            referrer: 'news.ycombinator.com',
          }),
        ]}
      />,
    );
    const row = screen.getByTestId('live-visitor');
    // The unknown country's flag is the globe icon: no emoji font needed.
    expect(row.textContent).not.toContain('🌐');
    expect(row.querySelector('svg.flag--unknown')).not.toBeNull();
    expect(row.textContent).toContain('Unknown');
    expect(row.textContent).toContain('198.51.100.7');
    expect(row.textContent).toContain('Spring promo');
    expect(row.textContent).toContain('/spring');
    expect(row.textContent).toContain('Chrome 124.0 · Windows 10');
    expect(row.textContent).toContain('news.ycombinator.com');
    expect(screen.getByTestId('live-duration').textContent).toBe('0s');
  });
});
