// @vitest-environment happy-dom
/**
 * The owner's view of a link shows every panel of the administrator's page of it (the same
 * breakdown cards, and the recent clicks with their places), without the visitors' addresses
 * (docs/api.md#analytics).
 */
import { cleanup, render, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerClick, UserLinkAnalyticsResponse } from '../../../../../redirector/contract';
import { LinkBreakdownGrid } from '../../../../../renderer/src/features/analytics/LinkBreakdownGrid';
import { UserLinkAnalyticsView } from '../../../../../renderer/src/features/analytics/UserLinkAnalyticsView';
import { useDateRange } from '../../../../../renderer/src/features/analytics/useDateRange';
import { loadMessageKeys } from '../../../../../renderer/src/i18n/messages';
import { apiLink, userLinkStats } from '../../../../helpers/linkFixtures';
import { dailyClicks } from '../../../../helpers/series';

const click: OwnerClick = {
  id: 7,
  link_id: 1,
  created_at: '2026-01-15T09:30:00.000Z',
  clicked_at: Date.parse('2026-01-15T09:30:00.000Z'),
  country: 'DE',
  city: 'Berlin',
  device_type: 'web',
  device_info: null,
  browser: 'Firefox',
  browser_version: '120',
  os: 'Linux',
  os_version: null,
  referrer_source: 'hub',
  is_bot: false,
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0',
  instagram_exit: false,
  blocked: false,
  variant: null,
  rule: null,
  imported: false,
};

const answer: UserLinkAnalyticsResponse = {
  link: apiLink({ id: 1, title: 'Sale', short_code: 'sale', clicks: 1, total_clicks: 1, unique_visitors: 1 }),
  stats: userLinkStats(
    { clicks: 1, browser: 'Firefox', referrer: 'hub', os: 'Linux', weekday: 4 },
    { countryCounts: { DE: 1 }, last7Days: dailyClicks('2026-01-15', [0, 0, 0, 0, 0, 0, 1]) },
  ),
  recentClicks: [click],
  variants: [],
  passwordLockedUntil: null,
};

function OwnerView() {
  const dateRange = useDateRange();
  return (
    <UserLinkAnalyticsView
      state={{ status: 'ready', data: answer }}
      onBack={() => {}}
      onRetry={() => {}}
      dateRange={dateRange}
      exportClicks={async () => new Blob()}
    />
  );
}

const cardTitles = (root: HTMLElement) =>
  Array.from(root.querySelectorAll('.card__title')).map((title) => title.textContent ?? '');

beforeAll(() => loadMessageKeys());
afterEach(cleanup);

describe("the owner's link analytics", () => {
  it("shows every breakdown panel of the administrator's page", () => {
    const admin = render(<LinkBreakdownGrid stats={answer.stats} rangeLabel="All time" />);
    const adminPanels = cardTitles(admin.container);
    admin.unmount();
    expect(adminPanels.length).toBeGreaterThanOrEqual(8);
    const owner = render(
      <MemoryRouter>
        <OwnerView />
      </MemoryRouter>,
    );
    expect(cardTitles(owner.container)).toEqual(expect.arrayContaining([...adminPanels, 'Recent Clicks']));
  });

  it("lists the recent clicks with their places, and no visitor's address", () => {
    const { container } = render(
      <MemoryRouter>
        <OwnerView />
      </MemoryRouter>,
    );
    // The data table (each chart also holds a table, for screen readers).
    const table = container.querySelector<HTMLElement>('table.table--stack');
    if (!table) throw new Error('no recent clicks table');
    expect(within(table).getByText(/Berlin, Germany/)).toBeTruthy();
    expect(within(table).queryByText('IP Address')).toBeNull();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Time', 'Location', 'Device', 'Browser']);
  });
});
