/**
 * The options page: the server's address and an API key, checked by one call (KEY_CHECK: may the
 * key make links?) before they are kept; a failure says which of wrong address, wrong key, read-only
 * key or refusal it was.
 */
import { serverOrigin } from '../../redirector/contract/extension';
import { checkKey } from './api';
import { byId, translatePage } from './dom';
import { failureText } from './failures';
import { language, t } from './i18n';
import { readSettings, saveSettings } from './settings';

const form = byId<HTMLFormElement>('options');
const serverInput = byId<HTMLInputElement>('server');
const keyInput = byId<HTMLInputElement>('key');
const saveButton = byId<HTMLButtonElement>('save');
const status = byId<HTMLParagraphElement>('status');

function say(text: string, kind: 'error' | 'ok' | 'busy'): void {
  status.textContent = text;
  status.className = `status ${kind}`;
  status.setAttribute('role', kind === 'error' ? 'alert' : 'status');
}

async function check(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const server = serverOrigin(serverInput.value);
  const key = keyInput.value.trim();
  if (server === undefined) return say(t('extension.options.invalidServer'), 'error');
  if (key === '') return say(t('extension.options.keyRequired'), 'error');
  saveButton.disabled = true;
  say(t('extension.options.checking'), 'busy');
  const answer = await checkKey({ server, key });
  saveButton.disabled = false;
  if (!answer.ok) return say(failureText(answer.failure, server), 'error');
  await saveSettings({ server, key });
  serverInput.value = server;
  say(t('extension.options.saved', { server }), 'ok');
}

translatePage(t, language);
document.title = t('extension.options.title');
form.addEventListener('submit', (event) => void check(event));
void readSettings().then((settings) => {
  if (!settings) return;
  serverInput.value = settings.server;
  keyInput.value = settings.key;
});
