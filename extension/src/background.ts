/**
 * The service worker: the context menu ("Shorten this link" on links, "Shorten this page" on
 * pages). A click opens the popup's page in a small window with the address to shorten, which it
 * shortens at once; the keyboard shortcut is the manifest's `_execute_action` (it opens the popup).
 */
import { t } from './i18n';

const WINDOW = { width: 400, height: 640 };

function createMenus(): void {
  void chrome.contextMenus.removeAll().then(() => {
    chrome.contextMenus.create({ id: 'shorten-link', title: t('extension.menu.link'), contexts: ['link'] });
    chrome.contextMenus.create({ id: 'shorten-page', title: t('extension.menu.page'), contexts: ['page'] });
  });
}

/** What a menu click does; also reachable as `globalThis.shortenFromMenu`, which the tests call. */
export async function shortenFromMenu(info: chrome.contextMenus.OnClickData, tab?: chrome.tabs.Tab): Promise<void> {
  const url = (info.menuItemId === 'shorten-link' ? info.linkUrl : undefined) ?? info.pageUrl ?? tab?.url ?? '';
  await chrome.windows.create({
    url: chrome.runtime.getURL(`popup.html?now=1&url=${encodeURIComponent(url)}`),
    type: 'popup',
    ...WINDOW,
  });
}

// Chromium keeps the menus while installed; Firefox's background script makes them again at each start.
chrome.runtime.onInstalled.addListener(createMenus);
chrome.runtime.onStartup.addListener(createMenus);
chrome.contextMenus.onClicked.addListener((info, tab) => void shortenFromMenu(info, tab));
(globalThis as { shortenFromMenu?: typeof shortenFromMenu }).shortenFromMenu = shortenFromMenu;
