/**
 * The service worker: the context menu, one item "Shorten this link" on links and on pages (the
 * link's address, or the page's where no link was clicked). A click opens the popup's page in a small window with the address to shorten, which it
 * shortens at once; the keyboard shortcut is the manifest's `_execute_action` (it opens the popup).
 */
import { t } from './i18n';

const WINDOW = { width: 400, height: 640 };

/** The one menu item; also reachable as `globalThis.contextMenu`, which the tests read. */
export const contextMenu = { id: 'shorten', title: t('extension.menu.link'), contexts: ['link', 'page'] };

function createMenus(): void {
  void chrome.contextMenus.removeAll().then(() => {
    chrome.contextMenus.create(contextMenu);
  });
}

/** What a menu click does; also reachable as `globalThis.shortenFromMenu`, which the tests call. */
export async function shortenFromMenu(info: chrome.contextMenus.OnClickData, tab?: chrome.tabs.Tab): Promise<void> {
  const url = info.linkUrl ?? info.pageUrl ?? tab?.url ?? '';
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
Object.assign(globalThis, { shortenFromMenu, contextMenu });
