/**
 * Dialogs and the keyboard (CONTRACT §18, docs/api.md#themes): a dialog opened from the keyboard
 * keeps Tab and Shift+Tab inside however often they are pressed, gives the focus to the control
 * marked for it, and on Escape closes and hands the focus back to what opened it, a dialog opened
 * from inside another included.
 */
import type { Page } from '@playwright/test';
import { expect, serverForFile, test } from './fixtures';
import { apiSignedInUser, apiUserCall, storeSession } from './userHelpers';

// The webhook is made on loopback, which only OUTBOUND_ALLOW_PRIVATE allows.
serverForFile({ OUTBOUND_ALLOW_PRIVATE: '1' });

const HOOK = 'http://127.0.0.1:9/hook';

/** The title of the open dialog that holds the focus, or null when the focus is outside every dialog. */
const FOCUSED_DIALOG_TITLE = `(() => {
  const dialog = document.activeElement?.closest('dialog[open]');
  const id = dialog?.getAttribute('aria-labelledby');
  return id ? document.getElementById(id)?.textContent ?? null : null;
})()`;

async function focusIsIn(page: Page, name: string): Promise<boolean> {
  return (await page.evaluate(FOCUSED_DIALOG_TITLE)) === name;
}

/** Presses Tab (or Shift+Tab) `times` times; after every press the focus is still in the dialog. */
async function tabAround(page: Page, name: string, key: 'Tab' | 'Shift+Tab', times: number) {
  for (let press = 1; press <= times; press += 1) {
    await page.keyboard.press(key);
    expect(await focusIsIn(page, name), `${key} #${press} left the ${name} dialog`).toBe(true);
  }
}

/** Tabs from the top of the page to the control named `name`. */
async function tabTo(page: Page, name: string) {
  for (let press = 0; press < 40; press += 1) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate('document.activeElement?.textContent?.trim()')) === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

test('a dialog keeps Tab inside, focuses its first control and gives the focus back on Escape', async ({
  page,
  server,
}) => {
  const user = await apiSignedInUser(server, 'Kay Board', 'dialogs');
  const created = await apiUserCall(server, user.token, 'POST', '/api/webhooks', {
    url: HOOK,
    events: ['link.clicked'],
    description: '',
  });
  expect(created.status).toBe(201);
  await page.goto(`${server.url}/login`);
  await storeSession(page, user);
  await page.goto(`${server.url}/dashboard`);
  await expect(page.getByRole('button', { name: 'Webhooks', exact: true })).toBeVisible();

  // Opened from the keyboard, with the page's own Tab order.
  await tabTo(page, 'Webhooks');
  await page.keyboard.press('Enter');
  const webhooks = page.getByRole('dialog', { name: 'Webhooks' });
  await expect(webhooks).toBeVisible();
  expect(await focusIsIn(page, 'Webhooks')).toBe(true);
  await tabAround(page, 'Webhooks', 'Tab', 40);
  await tabAround(page, 'Webhooks', 'Shift+Tab', 25);

  // A dialog from inside the dialog: its marked control (Delete) has the focus, Tab stays in it,
  // and Escape closes only it, the focus back on the button that opened it.
  const deleteButton = webhooks.getByRole('button', { name: `Delete webhook ${HOOK}` });
  await deleteButton.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete webhook' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused();
  await tabAround(page, 'Delete webhook', 'Tab', 10);
  await tabAround(page, 'Delete webhook', 'Shift+Tab', 7);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(webhooks).toBeVisible();
  await expect(deleteButton).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(webhooks).toBeHidden();
  await expect(page.getByRole('button', { name: 'Webhooks', exact: true })).toBeFocused();

  // A form dialog's marked field takes the focus (React's autoFocus inside a <dialog> opened after it).
  await page.getByRole('button', { name: 'Domain', exact: true }).focus();
  await page.keyboard.press('Enter');
  const domain = page.getByRole('dialog', { name: 'Custom Domain Settings' });
  await expect(domain.getByLabel('Custom Domain')).toBeFocused();
  await tabAround(page, 'Custom Domain Settings', 'Tab', 12);
  await page.keyboard.press('Escape');
  await expect(domain).toBeHidden();
  await expect(page.getByRole('button', { name: 'Domain', exact: true })).toBeFocused();
});
