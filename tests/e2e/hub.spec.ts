/**
 * "My page" (docs/api.md#the-hub) in a real Chromium: the editor (handle, words, theme, links picked,
 * labelled and reordered by buttons and by dragging, publish, avatar with its preview, figures),
 * and the public page it publishes, in both colour schemes at 390 px wide, without any script.
 */
import type { Link, LoginResponse } from '../../redirector/contract';
import { contrastRatio } from '../../redirector/contract/contrast';
import { jpegBytes, pngBytes, webpBytes } from '../helpers/imageBytes';
import type { ServerProcess } from '../helpers/serverProcess';
import { expect, serverForFile, test } from './fixtures';
import { apiCreateLinks, apiSignedInUser, openSignedIn, UA, unique } from './userHelpers';

serverForFile();

const PHONE = { width: 390, height: 844 };

/** What the page's own scripts read of the DOM (this project's Node types have no DOM). */
interface Dom {
  document: {
    documentElement: { scrollWidth: number };
    scripts: { length: number };
    body: unknown;
    querySelector(selector: string): unknown;
  };
  getComputedStyle(element: unknown): { backgroundColor: string; color: string };
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Answer = { status: number; body: any };

async function api(
  server: ServerProcess,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: response.status === 204 ? undefined : await response.json() };
}

/** The page's address on PUBLIC_URL's host (localhost), where a click from it counts as a hub click. */
const onPublicHost = (server: ServerProcess, path: string) => `${server.url.replace('127.0.0.1', 'localhost')}${path}`;

test.describe('the hub editor', () => {
  let session: LoginResponse;
  let links: Link[];

  test.beforeAll(async ({ server }) => {
    session = await apiSignedInUser(server, 'Ada Lovelace', 'hub-editor');
    links = await apiCreateLinks(server, session.token, 3, (index) => ({
      target_url: `https://example.com/${index}`,
      title: ['Blog', 'Shop', 'Talks'][index],
    }));
  });

  test('asks before leaving unsaved changes, and keeps Save in view', async ({ page, server }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, server.url, session);
    await page.getByRole('button', { name: 'My page' }).click();
    const save = page.getByRole('button', { name: 'Save page' });
    await expect(save).toBeVisible();
    // Nothing changed yet: Back leaves at once.
    await page.getByRole('button', { name: 'Back to links' }).click();
    await expect(save).toBeHidden();
    await page.getByRole('button', { name: 'My page' }).click();
    await page.getByLabel('Bio').fill('Not saved yet');
    // Not published yet: its address is shown, but not offered to copy or share.
    await expect(page.getByTestId('hub-address').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy address' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'QR code' })).toHaveCount(0);

    // Back asks; dismissed, the editor and its text stay.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Back to links' }).click();
    expect(asked).toEqual(['confirm']);
    await expect(page.getByLabel('Bio')).toHaveValue('Not saved yet');

    // Save stays on screen however far the page is scrolled.
    await page.mouse.wheel(0, 3000);
    const box = await save.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);

    // Closing the page asks too (beforeunload).
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['confirm', 'beforeunload']);
  });

  test("asks before the browser's Back, the brand and Logout take unsaved changes away", async ({ page, server }) => {
    // Its own user: the test signs out.
    const leaving = await apiSignedInUser(server, 'Ada Leaving', 'hub-leave');
    await openSignedIn(page, server.url, leaving);
    await page.getByRole('button', { name: 'My page' }).click();
    await expect(page).toHaveURL(/view=hub/);
    await page.getByLabel('Bio').fill('Still mine');
    const asked: string[] = [];
    const answer = (accept: boolean) =>
      page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void (accept ? dialog.accept() : dialog.dismiss());
      });
    const question = 'You have unsaved changes to your page. Leave without saving?';

    // The browser's Back: answered no, the editor, its text and its address stay.
    answer(false);
    await page.goBack();
    await expect.poll(() => asked).toEqual([question]);
    await expect(page).toHaveURL(/view=hub/);
    await expect(page.getByLabel('Bio')).toHaveValue('Still mine');

    // The brand and Logout: answered no, nothing changes.
    answer(false);
    await page.locator('header a.brand').click();
    await expect.poll(() => asked).toHaveLength(2);
    await expect(page.getByLabel('Bio')).toHaveValue('Still mine');
    answer(false);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => asked).toHaveLength(3);
    await expect(page.getByLabel('Bio')).toHaveValue('Still mine');
    await expect(page).toHaveURL(/\/dashboard\?view=hub/);

    // Back again, answered yes: the list.
    answer(true);
    await page.goBack();
    await expect(page).not.toHaveURL(/view=hub/);
    await expect(page.getByLabel('Bio')).toHaveCount(0);
    expect(asked).toEqual([question, question, question, question]);

    // With nothing unsaved, Logout asks nothing.
    await page.getByRole('button', { name: 'My page' }).click();
    await expect(page.getByLabel('Bio')).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(asked).toHaveLength(4);
  });

  test('takes an avatar before the first save, and uploads it with the save; the background waits for it', async ({
    page,
    server,
  }) => {
    const fresh = await apiSignedInUser(server, 'Grace Hopper', 'hub-avatar-first');
    await openSignedIn(page, server.url, fresh);
    await page.getByRole('button', { name: 'My page' }).click();
    await page.getByLabel('Handle').fill(unique('grace').toLowerCase().slice(0, 30));
    // The avatar is taken now; the background image, which waits for the first save, says so.
    await expect(page.getByLabel('Avatar')).toHaveAccessibleDescription(/^PNG, JPEG or WebP/);
    const background = page.getByLabel('Background image');
    await expect(background).toBeDisabled();
    await expect(background).toHaveAccessibleDescription('Save the page first to add a background image.');
    await page.getByLabel('Avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBytes(32, 32) });
    await expect(page.getByText('The picture is uploaded when you save the page.')).toBeVisible();
    await expect(page.getByTestId('hub-preview').locator('img')).toBeVisible();
    await page.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByText('Page saved')).toBeVisible();
    const saved = (await api(server, fresh.token, 'GET', '/api/hub')).body.hub;
    expect(saved.avatar_url).toEqual(expect.stringContaining('/avatar'));
    await expect(background).toBeEnabled();
    await expect(background).toHaveAccessibleDescription(/^PNG, JPEG or WebP, up to 2 MiB/);
  });

  test('adds items of every kind, hides one, and shows each item’s figures beside it', async ({ page, server }) => {
    const fresh = await apiSignedInUser(server, 'Mary Somerville', 'hub-items');
    const [link] = await apiCreateLinks(server, fresh.token, 1, () => ({ target_url: 'https://example.com/m' }));
    const handle = unique('mary').toLowerCase().slice(0, 30);
    const first = { type: 'link', link_id: link!.id, label: 'Essays' };
    await api(server, fresh.token, 'PUT', '/api/hub', { handle, title: 'Mary', published: true, items: [first] });
    await fetch(onPublicHost(server, `/@${handle}`), { headers: { 'User-Agent': UA.windows } });
    await openSignedIn(page, server.url, fresh);
    await page.getByRole('button', { name: 'My page' }).click();
    // The link item's figures, beside it: the one view, no click yet.
    await expect(page.getByTestId('hub-item-figures')).toHaveText('1 view · 0 clicks (0 unique) · 0%');
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.getByLabel('Heading', { exact: true }).fill('Start here');
    await page.getByRole('button', { name: 'Social icons', exact: true }).click();
    await page.getByLabel('Platform 1').selectOption('github');
    await page.getByLabel('Profile address 1').fill('https://github.com/mary');
    await page.getByRole('button', { name: 'Divider', exact: true }).click();
    const divider = page.getByTestId('hub-item-row').last();
    await divider.getByText('Options: Divider').click();
    await divider.getByLabel('Shown', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByText('Page saved')).toBeVisible();
    const saved = (await api(server, fresh.token, 'GET', '/api/hub')).body.hub;
    expect(saved.items.map((item: { type: string; visible: boolean }) => [item.type, item.visible])).toEqual([
      ['link', true],
      ['heading', true],
      ['social', true],
      ['divider', false],
    ]);
    const published = await fetch(onPublicHost(server, `/@${handle}`), { headers: { 'User-Agent': UA.windows } });
    const html = await published.text();
    expect(html).toContain('<h2 class="heading">Start here</h2>');
    expect(html).toContain('aria-label="GitHub"');
    expect(html).not.toContain('<hr>');
  });

  test('builds, orders, publishes and previews a page', async ({ page, server }) => {
    await openSignedIn(page, server.url, session);
    await page.getByRole('button', { name: 'My page' }).click();
    const handle = unique('ada').toLowerCase().slice(0, 30);
    await page.getByLabel('Handle').fill(handle);
    await expect(page.getByTestId('hub-address').first()).toHaveText(`http://localhost:${server.port}/@${handle}`);
    await page.getByLabel('Title').fill('Ada’s links');
    await page.getByLabel('Bio').fill('Notes on the Analytical Engine');
    await page.getByLabel('Dark').check();
    for (const link of links) {
      await page.getByLabel('A link to add').selectOption(String(link.id));
      await page.getByRole('button', { name: 'Add', exact: true }).click();
    }
    await page.getByLabel('Label of Shop').fill('My shop');
    const preview = page.getByTestId('hub-preview');
    await expect(preview.getByRole('listitem')).toHaveText(['Blog', 'My shop', 'Talks']);
    await expect(preview).toHaveAttribute('data-scheme', 'dark');

    // From the keyboard: Blog moves down, then Talks moves up.
    await page.getByRole('button', { name: 'Move down: Blog' }).click();
    await expect(preview.getByRole('listitem')).toHaveText(['My shop', 'Blog', 'Talks']);
    await page.getByRole('button', { name: 'Move up: Talks' }).focus();
    await page.keyboard.press('Enter');
    await expect(preview.getByRole('listitem')).toHaveText(['My shop', 'Talks', 'Blog']);
    // By dragging: Blog onto the first row.
    const rows = page.getByTestId('hub-link-row');
    await rows.nth(2).dragTo(rows.nth(0));
    await expect(preview.getByRole('listitem')).toHaveText(['Blog', 'My shop', 'Talks']);

    await page.getByLabel('Published').check();
    await page.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByText('Page saved')).toBeVisible();
    const saved = (await api(server, session.token, 'GET', '/api/hub')).body.hub;
    expect(saved).toMatchObject({ handle, title: 'Ada’s links', theme: 'dark', published: true });
    expect(saved.links.map((link: { text: string }) => link.text)).toEqual(['Blog', 'My shop', 'Talks']);
    // Published: now its address is offered to copy and as a QR code.
    await expect(page.getByRole('button', { name: 'Copy address' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'QR code' })).toBeVisible();

    // The avatar: chosen, uploaded, previewed.
    await page.getByLabel('Avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBytes(64, 64) });
    const avatar = preview.locator('img');
    await expect(avatar).toBeVisible();
    await expect
      .poll(() => avatar.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(64);

    // The figures: a view of the published page shows there.
    await fetch(onPublicHost(server, `/@${handle}`), { headers: { 'User-Agent': UA.windows } });
    await page.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByTestId('hub-figures')).toContainText('Views1');
  });
});

test.describe('the public page', () => {
  let handle: string;
  let links: Link[];
  let session: LoginResponse;

  test.beforeAll(async ({ server }) => {
    session = await apiSignedInUser(server, 'Grace Hopper', 'hub-page');
    links = await apiCreateLinks(server, session.token, 2, (index) => ({
      target_url: `https://example.com/grace/${index}`,
      title:
        index === 0 ? 'A very long title that keeps going well past the width of any phone screen at all' : 'Cobol',
    }));
    handle = unique('grace').toLowerCase().slice(0, 30);
    const saved = await api(server, session.token, 'PUT', '/api/hub', {
      handle,
      title: 'Grace <b>Hopper</b>',
      bio: 'Debugging since 1947. Averylongwordwithoutanyspacesthatcouldpushthepagesidewaysifnothingwrappedit',
      accent: '#ffd400',
      theme: 'auto',
      published: true,
      links: links.map((link) => ({ link_id: link.id })),
    });
    expect(saved.status).toBe(200);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`fits 390 px in the ${colorScheme} scheme, with readable colours and no script`, async ({
      browser,
      server,
    }) => {
      const context = await browser.newContext({ viewport: PHONE, colorScheme });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(onPublicHost(server, `/@${handle}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grace <b>Hopper</b>');
      await expect(page.getByRole('link')).toHaveText([links[0]!.title, 'Cobol']);
      // The button carries the page's click token (docs/api.md#hub-clicks).
      const href = new RegExp(`^${links[0]!.short_url.replace(/[.?]/g, '\\$&')}\\?me_hub=[0-9a-z]+\\.[\\w-]{22}$`);
      await expect(page.getByRole('link').first()).toHaveAttribute('href', href);
      const width = await page.evaluate(() => (globalThis as unknown as Dom).document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
      const colours = await page.evaluate(() => {
        const rgb = (value: string) =>
          `#${(value.match(/\d+/g) ?? [])
            .slice(0, 3)
            .map((c) => Number(c).toString(16).padStart(2, '0'))
            .join('')}`;
        const { document, getComputedStyle } = globalThis as unknown as Dom;
        const body = getComputedStyle(document.body);
        const button = getComputedStyle(document.querySelector('a.link'));
        return {
          background: rgb(body.backgroundColor),
          text: rgb(body.color),
          fill: rgb(button.backgroundColor),
          onFill: rgb(button.color),
        };
      });
      expect(colours.background).toBe(colorScheme === 'dark' ? '#0f172a' : '#ffffff');
      expect(contrastRatio(colours.text, colours.background)).toBeGreaterThanOrEqual(4.5);
      expect(colours.fill).toBe('#ffd400');
      expect(contrastRatio(colours.onFill, colours.fill)).toBeGreaterThanOrEqual(4.5);
      expect(await page.evaluate(() => (globalThis as unknown as Dom).document.scripts.length)).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  test('shows each avatar type the browser decodes, and counts a click from the page', async ({ browser, server }) => {
    // A phone's user agent: headless Chromium's own is a bot's, whose clicks are not counted.
    const context = await browser.newContext({ viewport: PHONE, userAgent: UA.android });
    const page = await context.newPage();
    await page.route('https://example.com/**', (route) => route.fulfill({ status: 200, body: 'target' }));
    for (const [bytes, type, width] of [
      [pngBytes(40, 20), 'image/png', 40],
      [jpegBytes(48, 32), 'image/jpeg', 48],
      [webpBytes(24, 24), 'image/webp', 24],
    ] as const) {
      const response = await fetch(`${server.url}/api/hub/avatar`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': type },
        body: bytes,
      });
      expect(response.status).toBe(200);
      await page.goto(onPublicHost(server, `/@${handle}`));
      const avatar = page.locator('img.avatar');
      await expect
        .poll(() => avatar.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
        .toBe(width);
    }
    const before = (await api(server, session.token, 'GET', '/api/hub/stats')).body;
    expect(before.views).toBeGreaterThanOrEqual(3);
    await page.getByRole('link', { name: 'Cobol' }).click();
    await expect(page).toHaveURL('https://example.com/grace/1');
    await expect
      .poll(async () => (await api(server, session.token, 'GET', '/api/hub/stats')).body.clicks)
      .toBe(before.clicks + 1);
    await context.close();
  });
});
