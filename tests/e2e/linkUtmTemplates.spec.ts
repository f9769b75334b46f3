/**
 * The link form's UTM template picker in Chromium against the built server
 * (docs/api.md#utm-templates): the team's templates from /api/utm-templates are offered in the UTM
 * section; choosing one writes its five parameters into the target address (an empty one removes
 * that parameter, every other parameter and the fragment stay), the saved link keeps them, and the
 * picker speaks Spanish too. A team without templates shows no picker.
 */
import { expect, serverForFile, test } from './fixtures';
import {
  apiSignedInUser,
  apiUserLink,
  keepLanguage,
  openCreateLinkDialog,
  openFormSection,
  unique,
} from './userHelpers';

serverForFile();

async function addTemplate(url: string, token: string, body: Record<string, string>) {
  const answer = await fetch(`${url}/api/utm-templates`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(201);
}

test('a saved UTM template fills the UTM fields and the target address', async ({ page, server }) => {
  const session = await apiSignedInUser(server, 'Uma Utm', 'utm', 'secret-123');
  const shortCode = unique('utm');
  let dialog = await openCreateLinkDialog(page, server.url, session);
  let section = await openFormSection(dialog, 'UTM parameters');
  // No template yet: nothing to choose from.
  await expect(section.getByLabel('Source')).toBeVisible();
  await expect(section.getByLabel('Apply a UTM template')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await addTemplate(server.url, session.token, {
    name: 'Spring mail',
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'spring sale',
  });
  await addTemplate(server.url, session.token, { name: 'Ads', utm_source: 'ads', utm_content: 'banner' });
  dialog = await openCreateLinkDialog(page, server.url, session);
  await dialog.getByLabel('Short Code').fill(shortCode);
  await dialog.getByLabel('Target URL').fill('https://shop.example/p?a=1&utm_term=shoes#top');
  section = await openFormSection(dialog, 'UTM parameters');
  const picker = section.getByLabel('Apply a UTM template');
  await expect(picker.locator('option')).toHaveText(['Apply a UTM template', 'Ads', 'Spring mail']);

  await picker.selectOption({ label: 'Spring mail' });
  await expect(section.getByLabel('Source')).toHaveValue('newsletter');
  await expect(section.getByLabel('Medium')).toHaveValue('email');
  await expect(section.getByLabel('Campaign')).toHaveValue('spring sale');
  await expect(section.getByLabel('Term')).toHaveValue('');
  await expect(dialog.getByLabel('Target URL')).toHaveValue(
    'https://shop.example/p?a=1&utm_source=newsletter&utm_medium=email&utm_campaign=spring%20sale#top',
  );
  // The picker goes back to its prompt: the same template can be chosen again after an edit.
  await expect(picker).toHaveValue('');

  await picker.selectOption({ label: 'Ads' });
  await expect(section.getByLabel('Source')).toHaveValue('ads');
  await expect(section.getByLabel('Campaign')).toHaveValue('');
  await expect(section.getByLabel('Content')).toHaveValue('banner');
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: shortCode });
  const stored = await apiUserLink(server, session.token, Number(await row.getAttribute('data-link-id')));
  expect(stored.target_url).toBe('https://shop.example/p?a=1&utm_source=ads&utm_content=banner#top');

  await keepLanguage(page, 'es');
  await page.reload();
  await page.getByRole('button', { name: 'Crear enlace nuevo' }).click();
  const spanish = page.getByRole('dialog', { name: 'Crear enlace nuevo' });
  const utm = await openFormSection(spanish, 'Parámetros UTM');
  await expect(utm.getByLabel('Aplicar una plantilla UTM')).toBeVisible();
  await utm.getByLabel('Aplicar una plantilla UTM').selectOption({ label: 'Spring mail' });
  await expect(utm.getByLabel('Fuente')).toHaveValue('newsletter');
});
