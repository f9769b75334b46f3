/**
 * The redirect rules editor in Chromium against the built server (docs/api.md#redirect-rules): a
 * user adds two rules in the link dialog, a bad address block is refused with the server's message
 * naming the field, the saved rules send visitors as they say, and the edit dialog shows them again;
 * in Spanish, the editor and the server’s refusal are Spanish.
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

test('the rules editor saves rules in order that send visitors where they say', async ({ page, server }) => {
  const session = await apiSignedInUser(server, 'Rita Rules', 'rules', 'secret-123');
  const shortCode = unique('ruled');
  const dialog = await openCreateLinkDialog(page, server.url, session);
  await dialog.getByLabel('Short Code').fill(shortCode);
  await dialog.getByLabel('Target URL').fill('https://example.com/everyone');

  await openFormSection(page, 'Redirect rules');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await dialog.getByLabel('Condition 1 of rule 1', { exact: true }).selectOption('query');
  await dialog.getByLabel('Condition 1 of rule 1: value').fill('src');
  await dialog.getByLabel('Condition 1 of rule 1: second value').fill('mail');
  await dialog.getByLabel('Rule 1 address').fill('https://example.com/newsletter');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await dialog.getByLabel('Condition 1 of rule 2', { exact: true }).selectOption('ip');
  await dialog.getByLabel('Condition 1 of rule 2: value').fill('2001:db8::/129');
  await dialog.getByLabel('Rule 2 address').fill('https://example.com/office');
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'rules[1].when[0].cidr must be an IPv4 or IPv6 address or CIDR',
  );
  await dialog.getByLabel('Condition 1 of rule 2: value').fill('2001:db8::/32');
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: shortCode });
  const id = Number(await row.getAttribute('data-link-id'));
  const stored = await apiUserLink(server, session.token, id);
  expect(stored.rules).toEqual([
    { when: [{ type: 'query', name: 'src', value: 'mail' }], url: 'https://example.com/newsletter' },
    { when: [{ type: 'ip', cidr: '2001:db8::/32' }], url: 'https://example.com/office' },
  ]);
  const visit = await fetch(`${server.url}/${shortCode}?src=mail`, { redirect: 'manual' });
  expect(visit.headers.get('location')).toBe('https://example.com/newsletter?src=mail');

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog').filter({ has: page.getByLabel('Rule 1 address') });
  await expect(edit.getByLabel('Rule 1 address')).toHaveValue('https://example.com/newsletter');
  await expect(edit.getByLabel('Condition 1 of rule 2: value')).toHaveValue('2001:db8::/32');
});

test('in Spanish, the rules editor and the server’s refusal of a bad rule speak Spanish', async ({ page, server }) => {
  const session = await apiSignedInUser(server, 'Sara Reglas', 'reglas', 'secret-123');
  await openCreateLinkDialog(page, server.url, session);
  await keepLanguage(page, 'es');
  await page.reload();
  await page.getByRole('button', { name: 'Crear enlace nuevo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear enlace nuevo' });
  await dialog.getByLabel('URL de destino').fill('https://example.com/todos');
  await openFormSection(page, 'Reglas de redirección');
  await dialog.getByRole('button', { name: 'Añadir regla' }).click();
  await dialog.getByLabel('Condición 1 de la regla 1', { exact: true }).selectOption('ip');
  await dialog.getByLabel('Condición 1 de la regla 1: valor').fill('10.0.0.0/33');
  await dialog.getByLabel('Dirección de la regla 1').fill('https://example.com/oficina');
  await dialog.getByRole('button', { name: 'Crear enlace', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'rules[0].when[0].cidr debe ser una dirección IPv4 o IPv6 o un bloque CIDR',
  );
});
