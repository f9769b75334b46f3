/**
 * The popup: shortens the current tab (or, opened by the context menu, the address it was given, at
 * once), with an optional short code, domain and tags; shows the short link with
 * Copy and a QR code, and the last 10 links with their clicks. Every failure is one sentence.
 */
import type { ExtensionFailure } from '../../redirector/contract/extension';
import { isWebPage } from '../../redirector/contract/extension';
import { MAX_TAGS, normaliseTags, splitTagText } from '../../redirector/contract/tags';
import { domains, recentLinks, type ShortenRequest, shorten } from './api';
import { byId, el, translatePage } from './dom';
import { failureText } from './failures';
import { language, serverText, t } from './i18n';
import { showRecent } from './recent';
import { copyResult, showResult } from './result';
import { readSettings, type Settings } from './settings';

const errorLine = byId<HTMLParagraphElement>('error');
const shortenButton = byId<HTMLButtonElement>('shorten-button');

function showError(text: string | undefined): void {
  errorLine.textContent = text ?? '';
  errorLine.hidden = text === undefined;
}

/**
 * The address to shorten: `?url=` when the popup's page was opened with one (the context menu's
 * window, with `now=1` to shorten it at once), else the current tab's (readable through activeTab).
 */
async function pageToShorten(): Promise<{ url: string | undefined; immediately: boolean }> {
  const query = new URLSearchParams(location.search);
  const given = query.get('url');
  if (given !== null) return { url: given, immediately: query.get('now') === '1' };
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return { url: tab?.url, immediately: false };
}

async function fillDomains(settings: Settings): Promise<void> {
  const answer = await domains(settings);
  if (!answer.ok) return;
  const { defaultDomain, usable } = answer.value;
  // Only the domains the key may use, the custom one first and chosen (docs/api.md#roles).
  const options = usable.map((domain, index) =>
    domain === null
      ? el('option', { value: '', selected: index === 0 }, t('linkForm.fields.defaultDomain', { host: defaultDomain }))
      : el('option', { value: domain, selected: index === 0 }, domain),
  );
  byId<HTMLSelectElement>('domain').replaceChildren(...options);
}

/** The form's optional fields as the create call takes them, or the first problem with the tags. */
function requestFor(url: string): ShortenRequest | string {
  const shortCode = byId<HTMLInputElement>('short-code').value.trim();
  const tags = normaliseTags(splitTagText(byId<HTMLInputElement>('tags').value));
  if (!tags.ok) return tags.error;
  const domain = byId<HTMLSelectElement>('domain').value;
  return {
    target_url: url,
    ...(shortCode ? { short_code: shortCode } : {}),
    ...(byId<HTMLSelectElement>('domain').options.length > 0 ? { domain: domain || null } : {}),
    ...(tags.tags.length > 0 ? { tags: tags.tags } : {}),
  };
}

async function refreshRecent(settings: Settings): Promise<ExtensionFailure | undefined> {
  const answer = await recentLinks(settings);
  if (answer.ok) showRecent(answer.value);
  return answer.ok ? undefined : answer.failure;
}

async function submit(settings: Settings, url: string): Promise<void> {
  const request = requestFor(url);
  if (typeof request === 'string') return showError(serverText(request));
  showError(undefined);
  shortenButton.disabled = true;
  shortenButton.textContent = t('extension.popup.shortening');
  const answer = await shorten(settings, request);
  shortenButton.disabled = false;
  shortenButton.textContent = t('extension.popup.shorten');
  if (!answer.ok) return showError(failureText(answer.failure, settings.server));
  await showResult(answer.value);
  await refreshRecent(settings);
}

async function start(): Promise<void> {
  translatePage(t, language);
  byId('settings').addEventListener('click', () => void chrome.runtime.openOptionsPage());
  byId('copy').addEventListener('click', () => void copyResult());
  byId('tags-hint').textContent = t('linkForm.tagsHint', { max: MAX_TAGS });
  const settings = await readSettings();
  if (!settings) {
    byId('setup').hidden = false;
    byId('open-options').addEventListener('click', () => void chrome.runtime.openOptionsPage());
    return;
  }
  const { url, immediately } = await pageToShorten();
  const form = byId<HTMLFormElement>('shorten');
  form.hidden = false;
  byId('page').textContent = url ?? '';
  // No address to show (a browser page, which activeTab does not open): no empty "This page" line.
  for (const line of [byId('page'), byId('page-label')]) line.hidden = !url;
  if (!isWebPage(url)) {
    shortenButton.disabled = true;
    showError(t('extension.errors.notWebPage'));
  } else {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void submit(settings, url);
    });
  }
  await fillDomains(settings);
  const failure = await refreshRecent(settings);
  if (failure) return showError(failureText(failure, settings.server));
  if (immediately && isWebPage(url)) await submit(settings, url);
  else if (isWebPage(url)) shortenButton.focus();
}

void start();
