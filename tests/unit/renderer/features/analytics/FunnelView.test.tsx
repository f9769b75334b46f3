// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FunnelResponse } from '../../../../../redirector/contract';
import { FunnelView, funnelAdvice } from '../../../../../renderer/src/features/analytics/FunnelView';

afterEach(cleanup);

/** A funnel as the server shapes it from its counts: every step's share of impressions and drop-off. */
function funnelOf(impressions: number, clicks: number, engaged: number): FunnelResponse {
  const counts = [
    ['Impressions', impressions],
    ['Link Clicks', clicks],
    ['Engaged Users', engaged],
    ['Conversions', engaged],
  ] as const;
  return {
    impressions,
    clicks,
    engaged,
    conversions: engaged,
    conversionRate: engaged / impressions,
    bounceRate: (clicks - engaged) / clicks,
    igExitRate: 1 / clicks,
    avgTimeToClickMinutes: 0.75,
    estimated: ['impressions', 'avgTimeToClickMinutes'],
    steps: counts.map(([name, value], i) => ({
      name,
      value,
      percent: value / impressions,
      dropOff: i === 0 ? 0 : 1 - value / counts[i - 1]![1],
    })),
  };
}

// 9 clicks, 3 engaged: impressions 27 (estimated), conversions 3.
const funnel = funnelOf(27, 9, 3);

describe('FunnelView', () => {
  it('shows each step with its share of impressions', () => {
    render(<FunnelView data={funnel} />);
    expect(screen.getAllByTestId('funnel-percent').map((cell) => cell.textContent)).toEqual([
      '100%',
      '33.3%',
      '11.1%',
      '11.1%',
    ]);
  });

  it('labels the estimated figures as estimates', () => {
    render(<FunnelView data={funnel} />);
    const impressions = screen.getAllByTestId('funnel-step')[0]!;
    expect(within(impressions).getByText('Estimate')).toBeTruthy();
    expect(within(screen.getAllByTestId('funnel-step')[1]!).queryByText('Estimate')).toBeNull();
    expect(screen.getByText('minutes · estimate (fixed 45 s)')).toBeTruthy();
    expect(screen.getByText('of estimated impressions')).toBeTruthy();
    expect(screen.getByText('0.75')).toBeTruthy();
  });

  it('shows the rates and marks drop-offs over 50% in red', () => {
    render(<FunnelView data={funnel} />);
    const stat = (label: string) =>
      screen.getByText(label).closest('.stat-card')?.querySelector('.stat-card__value')?.textContent;
    expect(stat('Conversion Rate')).toBe('11.1%');
    expect(stat('Bounce Rate')).toBe('66.7%');
    expect(stat('IG Exit Rate')).toBe('11.1%');
    const drops = screen.getAllByTestId('funnel-drop-off');
    expect(drops.map((drop) => drop.textContent)).toEqual(['66.7% drop-off', '66.7% drop-off', '0% drop-off']);
    expect(drops.map((drop) => drop.classList.contains('funnel-step__drop--high'))).toEqual([true, true, false]);
    expect(screen.getAllByTestId('funnel-path')[0]!.textContent).toContain('Impressions → Link Clicks');
  });

  it('gives advice from the figures', () => {
    expect(funnelAdvice(funnel)).toMatch(/^Most clicks arrive without a referrer/);
    expect(funnelAdvice({ ...funnel, bounceRate: 0.2, igExitRate: 0.5 })).toMatch(/Instagram/);
  });
});
