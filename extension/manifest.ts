/**
 * The extension's manifest (Manifest V3), one per browser: Chromium runs the background as a
 * service worker, Firefox as a background script and wants an add-on id. No host permissions:
 * the server answers CORS for any origin (docs/api.md#cors), so the pages and the worker call it
 * with the key as a bearer. activeTab reads the current tab's address only when the user opens
 * the popup, presses the shortcut or uses the menu. No clipboardWrite: Copy writes on the user's
 * click, which both browsers allow an extension page without it.
 */
export type ExtensionBrowser = 'chromium' | 'firefox';

export const EXTENSION_BROWSERS: readonly ExtensionBrowser[] = ['chromium', 'firefox'];

export function extensionManifest(browser: ExtensionBrowser, version: string): Record<string, unknown> {
  return {
    manifest_version: 3,
    name: '__MSG_name__',
    description: '__MSG_description__',
    version,
    default_locale: 'en',
    icons: { '16': 'icons/16.png', '32': 'icons/32.png', '48': 'icons/48.png', '128': 'icons/128.png' },
    action: { default_popup: 'popup.html', default_title: '__MSG_name__' },
    options_ui: { page: 'options.html', open_in_tab: true },
    permissions: ['storage', 'activeTab', 'contextMenus'],
    commands: {
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+S' },
        description: '__MSG_command__',
      },
    },
    background:
      browser === 'chromium'
        ? { service_worker: 'background.js', type: 'module' }
        : { scripts: ['background.js'], type: 'module' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'extension@me-link-hub',
              strict_min_version: '115.0',
              // Addresses go only to the user's own server, never to the project or a third party.
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  };
}

/** `_locales/<code>/messages.json`: the manifest's words, from the catalogue's `extension.manifest`. */
export function manifestMessages(words: {
  name: string;
  description: string;
  command: string;
}): Record<string, { message: string }> {
  return {
    name: { message: words.name },
    description: { message: words.description },
    command: { message: words.command },
  };
}
