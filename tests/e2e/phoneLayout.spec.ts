/**
 * The signed-in screens on a phone (docs/api.md#screens), measured in Chromium: at 390 × 844 the
 * dashboard's header takes at most 15 % of the screen and scrolls away, ten links fit in three
 * screens' height, every field of the link dialog keeps the dialog's full width, and every admin
 * destination is reachable from the Menu; at 390, 1,024 and 1,280 px no table hides a row's action;
 * at 375 px the hub editor, the invitation link dialog (a long email in its title) and the admin
 * header with its sign-out button, in English and Spanish, fit.
 */
import type { Locator, Page } from '@playwright/test';
import type { LoginResponse } from '../../redirector/contract';
import { expect, serverForFile, test } from './fixtures';
import {
  adminSignIn,
  apiCreateLinks,
  apiLogin,
  apiSignedInUser,
  keepLanguage,
  storeSession,
  unique,
} from './userHelpers';

serverForFile();
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const THEMES = ['light', 'dark'] as const;

let user: LoginResponse;

test.beforeAll(async ({ server }) => {
  user = await apiSignedInUser(server, 'Mary Jackson', 'phone');
  await apiCreateLinks(server, user.token, 10, (index) => ({
    short_code: unique(`phone-${index}`).slice(0, 30),
    target_url: `https://example.com/a/rather/long/path/number/${index}?utm_source=newsletter&utm_campaign=spring`,
    title: `Spring campaign link number ${index}`,
    tags: ['spring', 'mail'],
  }));
  // More accounts, so the Users table has rows with every action.
  for (const name of ['Dorothy Vaughan', 'Katherine Goble']) await apiSignedInUser(server, name, 'phone-user');
});

async function box(locator: Locator, what: string) {
  const found = await locator.boundingBox();
  expect(found, what).not.toBeNull();
  return found!;
}

async function openDashboard(page: Page, server: { url: string }, theme: string) {
  await page.goto(`${server.url}/login`);
  await storeSession(page, user);
  await page.evaluate((value) => {
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      'me.theme',
      value,
    );
  }, theme);
  await page.goto(`${server.url}/dashboard`);
  await expect(page.locator('.links-table tbody tr')).toHaveCount(10);
}

for (const theme of THEMES) {
  test(`the dashboard fits a phone (${theme})`, async ({ page, server }) => {
    await page.setViewportSize(PHONE);
    await openDashboard(page, server, theme);

    const header = page.locator('header.app-header');
    const top = await box(header, 'header');
    expect(top.height, 'header height').toBeLessThanOrEqual(PHONE.height * 0.15);
    // It scrolls away with the page rather than stay over the links.
    await page.mouse.wheel(0, 600);
    await expect.poll(async () => (await header.boundingBox())?.y ?? 0).toBeLessThan(-top.height + 1);

    const rows = page.locator('.links-table tbody tr');
    const first = await box(rows.first(), 'first link');
    const last = await box(rows.last(), 'tenth link');
    expect(last.y + last.height - first.y, 'ten links').toBeLessThanOrEqual(PHONE.height * 3);
    // Each link's actions stay on screen.
    for (const button of await rows.first().getByRole('button').all()) {
      const place = await box(button, 'action');
      expect(place.x + place.width, 'action right edge').toBeLessThanOrEqual(PHONE.width);
    }
  });
}

test('every field of the link dialog keeps its full width on a phone, the destination first', async ({
  page,
  server,
}) => {
  await page.setViewportSize(PHONE);
  await openDashboard(page, server, 'light');
  await page
    .getByRole('button', { name: /Create (New )?Link/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(/^Target URL/)).toBeFocused();
  const grid = await box(dialog.locator('.form-grid').first(), 'form');
  const fields = dialog.locator('.form-grid').first().locator(':scope > .field, :scope > .field > .row > .field');
  const count = await fields.count();
  expect(count).toBeGreaterThanOrEqual(4);
  for (let index = 0; index < count; index += 1) {
    const field = await box(fields.nth(index), `field ${index}`);
    expect(field.width, `field ${index} width`).toBeGreaterThanOrEqual(grid.width - 1);
  }
  // The short code's own input is no sliver beside its prefix.
  const shortCode = await box(dialog.getByLabel(/^Short Code/), 'short code');
  expect(shortCode.width, 'short code input').toBeGreaterThanOrEqual(grid.width / 2);
});

test('every admin destination is reachable from the Menu on a phone', async ({ page, server }) => {
  await adminSignIn(page, server);
  await page.setViewportSize(PHONE);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  const destinations = [
    'Dashboard',
    'Links',
    'Create Link',
    'Users',
    'Domains',
    'API Keys',
    'Webhooks',
    'Live Visitors',
    'Repeat Visitors',
    'Conversion Funnel',
    'Debug Info',
  ];
  for (const name of destinations) {
    const menu = nav.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    const link = nav.getByRole('link', { name, exact: true });
    // The last choice's page may fold the menu again as it arrives, also between the link showing
    // and its click: open it until the link shows, fits and takes the click.
    await expect(async () => {
      if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
      await expect(link).toBeVisible({ timeout: 1000 });
      const place = await box(link, name);
      expect(place.x, `${name} left`).toBeGreaterThanOrEqual(0);
      expect(place.x + place.width, `${name} right`).toBeLessThanOrEqual(PHONE.width);
      await link.click({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    // Chosen: the menu folds away again.
    await expect(nav.getByRole('link', { name, exact: true })).toBeHidden();
  }
});

test('no table hides an action at 390, 1,024 or 1,280 px', async ({ page, server }) => {
  // An address of 88 characters without a break: its card once scrolled sideways to 644 px at 390.
  const made = await fetch(`${server.url}/api/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': server.adminKey },
    body: JSON.stringify({
      name: 'Long Address',
      email: `${unique('a'.repeat(60))}@example.com`,
      password: 'secret123',
    }),
  });
  expect(made.status).toBe(201);
  await adminSignIn(page, server);
  for (const width of [390, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of ['users', 'links']) {
      await page.goto(`${server.url}/admin/${screen}`);
      const rows = page.locator('.table tbody tr');
      await expect(rows.first()).toBeVisible();
      const wrap = await box(page.locator('.table-wrap').first(), 'table box');
      if (width === 390) {
        const sideways = await page
          .locator('.table-wrap')
          .first()
          .evaluate(
            (element: { scrollWidth: number; clientWidth: number }) => element.scrollWidth - element.clientWidth,
          );
        expect(sideways, `${screen}' cards scroll sideways at 390 px`).toBeLessThanOrEqual(1);
      }
      for (const row of (await rows.all()).slice(0, 3)) {
        for (const button of await row.getByRole('button').all()) {
          const name = (await button.getAttribute('aria-label')) ?? (await button.textContent());
          const place = await box(button, `${name}`);
          const at = `${name} on ${screen} at ${width} px`;
          expect(place.x, at).toBeGreaterThanOrEqual(Math.max(0, wrap.x) - 1);
          expect(place.x + place.width, at).toBeLessThanOrEqual(Math.min(width, wrap.x + wrap.width) + 1);
        }
      }
    }
  }
});

test('the hub editor and its items fit 375 px, its address on lines of its own', async ({ page, server }) => {
  await page.setViewportSize({ width: 375, height: 844 });
  await openDashboard(page, server, 'dark');
  await page.getByRole('button', { name: 'My page' }).first().click();
  const url = page.getByTestId('hub-address').first();
  await expect(url).toBeVisible();
  // The image pickers (a file input's own width) once pushed the page 5 px past a 375 px phone.
  await expect(page.getByLabel(/^Avatar/).first()).toBeVisible();
  const width = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth,
  );
  expect(width, 'page width').toBeLessThanOrEqual(375);
  // The label, the address and the hint read "Addresshttp://…Save the page" run together on one line.
  const label = await box(page.locator('.hub-address .field__label').first(), 'label');
  const address = await box(url, 'address');
  expect(address.y, 'address below its label').toBeGreaterThanOrEqual(label.y + label.height - 1);
  // Items of every kind with their options open: each row and its order and remove buttons stay on screen.
  for (const kind of ['Heading', 'Text', 'Divider', 'Social icons']) {
    await page.locator('.hub-items__kinds').getByRole('button', { name: kind }).click();
  }
  // A heading of 80 characters typed as one word: its row's "Options: …" once made the page 877 px wide.
  await page.getByRole('textbox', { name: 'Heading' }).fill(`Heading-${'W'.repeat(72)}`);
  for (const options of await page.locator('.hub-items__options > summary').all()) await options.click();
  const rows = page.locator('.hub-links__item');
  await expect(rows).toHaveCount(4);
  const wide = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth,
  );
  expect(wide, 'page width with a long heading').toBeLessThanOrEqual(375);
  for (const row of await rows.all()) {
    for (const part of [row, ...(await row.locator('.hub-links__actions button').all())]) {
      const place = await box(part, 'item row or button');
      expect(place.x + place.width, 'item right edge').toBeLessThanOrEqual(375);
    }
  }
});

test("a team's page editor fits 375 px whatever the team's name", async ({ page, server }) => {
  // A name of 60 characters without a space: "Page of <name>" once made the editor 820 px wide.
  // Made by the administrator: this file's registrations already reach the service's limit.
  const email = `${unique('phone-team')}@example.com`;
  const user = await fetch(`${server.url}/api/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': server.adminKey },
    body: JSON.stringify({ name: 'Team Owner', email, password: 'secret123' }),
  });
  expect(user.status).toBe(201);
  const owner = await apiLogin(server, email, 'secret123');
  const name = `Team-${'N'.repeat(55)}`;
  const made = await fetch(`${server.url}/api/teams`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(made.status).toBe(201);
  await page.setViewportSize({ width: 375, height: 844 });
  await page.goto(`${server.url}/login`);
  await storeSession(page, owner);
  await page.goto(`${server.url}/dashboard`);
  await page.getByRole('combobox', { name: 'Team' }).selectOption({ label: name });
  await page.getByRole('button', { name: 'Team page' }).click();
  await expect(page.getByRole('heading', { name: `Page of ${name}` })).toBeVisible();
  const width = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth,
  );
  expect(width, 'page width').toBeLessThanOrEqual(375);
});

for (const theme of THEMES) {
  test(`the hub editor with its figures fits 375 px in Spanish (${theme})`, async ({ page, server }) => {
    const owner = await apiSignedInUser(server, 'Ana Torres', 'phone-hub');
    const [link] = await apiCreateLinks(server, owner.token, 1, () => ({
      target_url: 'https://example.com/primavera',
      title: 'Campaña de primavera para las lectoras del boletín',
    }));
    const answer = await fetch(`${server.url}/api/hub`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        handle: unique('ana').toLowerCase().slice(0, 30),
        title: 'Ana',
        published: true,
        items: [{ type: 'link', link_id: link!.id }],
      }),
    });
    expect(answer.status).toBe(200);
    await page.setViewportSize({ width: 375, height: 844 });
    await page.goto(`${server.url}/login`);
    await storeSession(page, owner);
    await page.evaluate((scheme) => {
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
      storage.setItem('me.language', 'es');
      storage.setItem('me.theme', scheme);
    }, theme);
    await page.goto(`${server.url}/dashboard?view=hub`);
    // "Clics por enlace": the link's long title once ran on one line, 163 px past the phone's edge.
    const row = page.locator('.hub-figures__table tbody tr');
    await expect(row).toHaveCount(1);
    const width = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
          .scrollWidth,
    );
    expect(width, 'page width').toBeLessThanOrEqual(375);
    const clicks = await box(row.locator('td'), 'clicks');
    expect(clicks.x + clicks.width, 'clicks right edge').toBeLessThanOrEqual(375);
  });
}

test('the invitation link dialog fits 375 px: its words and its link inside the dialog, in Spanish too', async ({
  page,
  server,
}) => {
  // An address of one long word, as many are: the dialog's title names it.
  const email = `${unique('katherine.coleman.goble.johnson')}@mathematics.example.org`;
  const made = await fetch(`${server.url}/api/users`, {
    method: 'POST',
    headers: { 'X-API-Key': server.adminKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Katherine Johnson', email }),
  });
  expect(made.status).toBe(201);
  await adminSignIn(page, server);
  await page.setViewportSize({ width: 375, height: 844 });
  for (const [language, invite, copy] of [
    ['en', 'Invitation link', 'Copy link'],
    ['es', 'Enlace de invitación', 'Copiar enlace'],
  ] as const) {
    await page.evaluate((value) => {
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        'me.language',
        value,
      );
    }, language);
    await page.goto(`${server.url}/admin/users?q=${encodeURIComponent(email)}`);
    await expect(page.locator('.table tbody tr')).toHaveCount(1);
    await page.locator('.table tbody tr').first().getByRole('button', { name: invite }).click();
    const dialog = page.locator('dialog[open]');
    // The address in the title once ran past the dialog's right edge, and the focused link field
    // scrolled the dialog sideways: the title's first letters cut at the left edge.
    const frame = await box(dialog, 'dialog');
    for (const part of [
      dialog.locator('.dialog__title'),
      dialog.locator('input'),
      dialog.getByRole('button', { name: copy }),
    ]) {
      const place = await box(part, `a part of the dialog (${language})`);
      expect(place.x, `left edge (${language})`).toBeGreaterThanOrEqual(frame.x + 8);
      expect(place.x + place.width, `right edge (${language})`).toBeLessThanOrEqual(frame.x + frame.width - 8);
    }
    await page.keyboard.press('Escape');
  }
});

test('the admin header fits 375 px in English and Spanish: its sign-out button whole, nothing scrolled sideways', async ({
  page,
  server,
}) => {
  await adminSignIn(page, server);
  await page.setViewportSize({ width: 375, height: 740 });
  for (const [language, signOut] of [
    ['en', 'Logout'],
    ['es', 'Cerrar sesión'],
  ] as const) {
    await keepLanguage(page, language);
    await page.goto(`${server.url}/admin`);
    const button = page.locator('header.app-header').getByRole('button', { name: signOut });
    await expect(button).toBeVisible();
    // "Cerrar sesión" once sat past the right edge of a buttons row that scrolled sideways.
    const place = await box(button, `sign-out button (${language})`);
    expect(place.x, `sign-out left edge (${language})`).toBeGreaterThanOrEqual(0);
    expect(place.x + place.width, `sign-out right edge (${language})`).toBeLessThanOrEqual(375);
    await expect(button).toBeInViewport({ ratio: 1 });
    // The header and the rows inside it: none wider than its box (a row scrolling sideways is).
    const overflowing = await page
      .locator('header.app-header, .app-header__inner, .app-header__actions, .app-header__actions .preferences')
      .evaluateAll((nodes) =>
        (nodes as unknown as { className: string; scrollWidth: number; clientWidth: number }[])
          .filter((node) => node.scrollWidth > node.clientWidth)
          .map((node) => `${node.className}: ${node.scrollWidth} > ${node.clientWidth}`),
      );
    expect(overflowing, `header parts wider than their box (${language})`).toEqual([]);
  }
});
