import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXTENSION_BROWSERS, extensionManifest } from '../../../extension/manifest';

const EXTENSION = path.resolve(import.meta.dirname, '../../../extension');

describe("the extension's manifest", () => {
  for (const browser of EXTENSION_BROWSERS) {
    it(`${browser}: Manifest V3, no host access, no page access, only the three permissions`, () => {
      const manifest = extensionManifest(browser, '1.2.3');
      expect(manifest).toMatchObject({ manifest_version: 3, version: '1.2.3', default_locale: 'en' });
      for (const key of [
        'host_permissions',
        'optional_host_permissions',
        'content_scripts',
        'web_accessible_resources',
      ]) {
        expect(manifest, key).not.toHaveProperty(key);
      }
      // Copy writes on the user's click, which needs no clipboardWrite in either browser.
      expect(manifest.permissions).toEqual(['storage', 'activeTab', 'contextMenus']);
      expect(manifest.commands).toEqual({
        _execute_action: { suggested_key: { default: 'Alt+Shift+S' }, description: '__MSG_command__' },
      });
    });

    it(`${browser}: names only files the extension has`, () => {
      const manifest = extensionManifest(browser, '1.0.0') as {
        action: { default_popup: string };
        options_ui: { page: string };
        icons: Record<string, string>;
      };
      for (const file of [manifest.action.default_popup, manifest.options_ui.page, ...Object.values(manifest.icons)]) {
        expect(fs.existsSync(path.join(EXTENSION, file)), file).toBe(true);
      }
    });
  }

  it('runs the background as a service worker in Chromium and as a script with an add-on id in Firefox', () => {
    expect(extensionManifest('chromium', '1.0.0').background).toEqual({
      service_worker: 'background.js',
      type: 'module',
    });
    expect(extensionManifest('chromium', '1.0.0')).not.toHaveProperty('browser_specific_settings');
    const firefox = extensionManifest('firefox', '1.0.0');
    expect(firefox.background).toEqual({ scripts: ['background.js'], type: 'module' });
    expect(firefox.browser_specific_settings).toMatchObject({ gecko: { id: 'extension@me-link-hub' } });
  });
});
