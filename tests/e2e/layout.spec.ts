/**
 * Layout at the widths people use (docs/api.md#pages): no screen scrolls sideways at 390 px, no
 * headline figure breaks inside its number at any width from 390 px up (the desktop app's 1,024 px
 * included), at 1,024 and 1,280 px every row action of the link lists is on screen, and no screen
 * scrolls sideways from 390 px up (the per-link analytics with long referrer names in two-up cards).
 */
import type { Page } from '@playwright/test';
import type { LoginResponse } from '../../redirector/contract';
import type { ServerProcess } from '../helpers/serverProcess';
import { expect, serverForFile, test } from './fixtures';
import {
  adminSignIn,
  apiCreateAdminLink,
  apiCreateLink,
  apiSignedInUser,
  storeSession,
  UA,
  unique,
} from './userHelpers';

serverForFile({ TRUST_PROXY: '1' });
test.describe.configure({ mode: 'serial' });

const WIDTHS = [390, 768, 1024, 1100, 1280, 1440];

/** Enough clicks for four- and five-digit figures. */
async function clicks(server: ServerProcess, shortCode: string, count: number) {
  for (let start = 0; start < count; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, (_, offset) =>
        fetch(`${server.url}/${shortCode}`, {
          redirect: 'manual',
          headers: {
            'User-Agent': UA.windows.replace('124.0.0.0', `124.0.${start + offset}.0`),
            'X-Forwarded-For': `8.8.${(start + offset) % 250}.${1 + ((start + offset) % 7)}`,
          },
        }),
      ),
    );
  }
}

interface FigureLayout {
  text: string;
  lines: number;
  overflows: boolean;
}

/** Each headline figure: how many lines it takes and whether it spills out of its box. */
function figureLayouts(page: Page): Promise<FigureLayout[]> {
  return page.evaluate(`Array.from(document.querySelectorAll('.stat-card__value')).map((element) => {
    const style = getComputedStyle(element);
    const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return {
      text: element.textContent,
      lines: Math.round(element.getBoundingClientRect().height / lineHeight),
      overflows: element.scrollWidth > element.clientWidth + 1,
    };
  })`) as Promise<FigureLayout[]>;
}

async function expectWholeFigures(page: Page, width: number) {
  const figures = await figureLayouts(page);
  expect(figures.length).toBeGreaterThan(0);
  for (const figure of figures) {
    expect(figure, `${figure.text} at ${width} px`).toEqual({ text: figure.text, lines: 1, overflows: false });
  }
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  const scroll = (await page.evaluate('document.documentElement.scrollWidth')) as number;
  expect(scroll, `page width at ${width} px`).toBeLessThanOrEqual(width);
}

/** Every action button of the first row lies inside the viewport and inside its table's box. */
async function expectRowActionsVisible(page: Page, width: number) {
  const row = page.getByRole('row').nth(1);
  const buttons = row.getByRole('button');
  const count = await buttons.count();
  expect(count).toBeGreaterThan(0);
  const wrap = await page.locator('.table-wrap').first().boundingBox();
  for (let index = 0; index < count; index += 1) {
    const box = await buttons.nth(index).boundingBox();
    const name = await buttons.nth(index).getAttribute('aria-label');
    expect(box, `${name} at ${width} px`).not.toBeNull();
    expect(box!.x + box!.width, `${name} right edge at ${width} px`).toBeLessThanOrEqual(
      Math.min(width, wrap ? wrap.x + wrap.width : width) + 1,
    );
    expect(box!.x, `${name} left edge at ${width} px`).toBeGreaterThanOrEqual(0);
  }
}

const LONG_TITLE = `A-title-without-spaces-${'x'.repeat(37)}`;

/**
 * A title typed as one long word wraps inside its row: it spills out of no card, and from 1,280 px
 * each column of the links table starts inside the table's box (none pushed out of view by it).
 */
async function expectTitleWrapped(page: Page, width: number) {
  const title = page.locator('.cell-title').filter({ hasText: LONG_TITLE });
  const spill = await title.evaluate(
    (element: { scrollWidth: number; clientWidth: number }) => element.scrollWidth - element.clientWidth,
  );
  expect(spill, `title's overflow at ${width} px`).toBeLessThanOrEqual(1);
  // Below 1,280 px the table may scroll sideways under its sticky actions by design, by as much as
  // the random short codes' widths make it (two fresh CIs found 'Created' 2 px out at 1,024).
  if (width < 1280) return;
  await expect
    .poll(
      async () => {
        const wrap = (await page.locator('.table-wrap').first().boundingBox())!;
        const outside: string[] = [];
        for (const header of await page.locator('.links-table th').all()) {
          const box = await header.boundingBox();
          if (box && box.x >= wrap.x + wrap.width)
            outside.push(`${await header.textContent()} at ${Math.round(box.x)}`);
        }
        return outside;
      },
      { message: `columns starting past the table's box at ${width} px` },
    )
    .toEqual([]);
}

function totalClicks(page: Page) {
  return page.locator('.stat-card').filter({ hasText: 'Total Clicks' }).locator('.stat-card__value');
}

let user: LoginResponse;
let userLinkId: number;

test.beforeAll(async ({ server }) => {
  user = await apiSignedInUser(server, 'Katherine Johnson', 'layout');
  const link = await apiCreateLink(server, user.token, {
    short_code: unique('layout-long-code').slice(0, 30),
    target_url: 'https://example.com/a/rather/long/path/that/fills/the/column?utm_source=newsletter',
    // 60 characters without a space (the most a title takes): the audit found it widening the
    // links table past its box and the per-link view's heading past the page.
    title: LONG_TITLE,
    max_clicks: 100_000,
    enable_tiktok_bypass: true,
  });
  userLinkId = link.id;
  // A second row with more badges: a password too.
  await apiCreateLink(server, user.token, {
    short_code: unique('layout-badges').slice(0, 30),
    target_url: 'https://example.com/another/long/path',
    password: 'open sesame',
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    ios_url: 'https://example.com/ios',
  });
  await clicks(server, link.short_code, 1_200);
});

test("the admin's dashboard and lists", async ({ page, server }) => {
  test.setTimeout(240_000);
  await adminSignIn(page, server);
  await expect(page.locator('.stat-card__value').first()).toContainText(/\d/);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.url}/admin`);
    await expect(totalClicks(page)).toHaveText(/1,2\d\d/);
    await expectWholeFigures(page, width);
    await expectNoSidewaysScroll(page, width);
    await page.goto(`${server.url}/admin/links`);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expectNoSidewaysScroll(page, width);
    if (width >= 1024) await expectRowActionsVisible(page, width);
  }
});

test("the user's dashboard and per-link view", async ({ page, server }) => {
  test.setTimeout(240_000);
  await page.goto(`${server.url}/login`);
  await storeSession(page, user);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.url}/dashboard`);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expectNoSidewaysScroll(page, width);
    await expectTitleWrapped(page, width);
    if (width >= 1024) await expectRowActionsVisible(page, width);
    await page.goto(`${server.url}/dashboard?link=${userLinkId}`);
    await expect(totalClicks(page)).toHaveText(/1,2\d\d/);
    await expectWholeFigures(page, width);
    await expectNoSidewaysScroll(page, width);
  }
});

/** Each chart legend's right edge and its card's: a legend runs past its card when the first is larger. */
function legendEdges(page: Page): Promise<{ legend: number; card: number }[]> {
  return page.evaluate(`Array.from(document.querySelectorAll('.legend')).map((legend) => ({
    legend: Math.round(legend.getBoundingClientRect().right),
    card: Math.round(legend.closest('.card').getBoundingClientRect().right),
  }))`) as Promise<{ legend: number; card: number }[]>;
}

test("the admin's per-link analytics with long referrer names", async ({ page, server }) => {
  test.setTimeout(240_000);
  const longest = 'a-rather-long-referrer-name.blog.example.org';
  const link = await apiCreateAdminLink(server, {
    short_code: unique('layout-referrers').slice(0, 30),
    target_url: 'https://example.com/referrers',
  });
  for (const referer of [`https://${longest}/post`, 'https://news.ycombinator.com/item?id=1', 'https://google.com/']) {
    const response = await fetch(`${server.url}/${link.short_code}`, {
      redirect: 'manual',
      headers: { 'User-Agent': UA.windows, 'X-Forwarded-For': '8.8.4.4', Referer: referer },
    });
    expect(response.status).toBe(302);
  }
  await adminSignIn(page, server);
  // Two cards a row from 961 px: the audit found the page 1,133 px wide at 1,024.
  for (const width of [...WIDTHS, 961, 1180]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.url}/admin/link/${link.id}`);
    await expect(page.locator('.legend').getByText(longest)).toBeVisible();
    await expectNoSidewaysScroll(page, width);
    for (const edges of await legendEdges(page)) {
      expect(edges.legend, `legend's right edge at ${width} px`).toBeLessThanOrEqual(edges.card);
    }
  }
  // Cut to the legend's width, the name is whole in its title.
  await expect(page.locator('.legend').getByText(longest)).toHaveAttribute('title', longest);
});
