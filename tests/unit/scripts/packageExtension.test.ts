/**
 * The extension's packages as `npm run package:extension` makes them from the build
 * (dist/extension/<browser>/, made by `npm run build:extension`, which `npm test` runs first): each
 * zip opened and read as its browser's store and loader read it. Firefox cannot run on the test
 * machines, so its package is checked here, file by file, for what Firefox and addons.mozilla.org
 * refuse: a service worker, no add-on id, a missing file or message, a module that is not in the zip.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_BROWSERS, type ExtensionBrowser, extensionManifest } from '../../../extension/manifest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const OUT = path.join(ROOT, 'dist/extension');
const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

type Files = Record<string, Uint8Array>;
const packages = new Map<ExtensionBrowser, Files>();

interface Manifest {
  action: { default_popup: string; default_title: string };
  options_ui: { page: string };
  icons: Record<string, string>;
  background: { service_worker?: string; scripts?: string[]; type?: string };
  browser_specific_settings?: { gecko?: { id?: string; strict_min_version?: string } };
}

function text(files: Files, name: string): string {
  const bytes = files[name];
  if (!bytes) throw new Error(`${name} is not in the package`);
  return Buffer.from(bytes).toString('utf8');
}

function manifestOf(files: Files): Manifest {
  return JSON.parse(text(files, 'manifest.json')) as Manifest;
}

/** The scripts a page or a module loads, as the zip names them (paths from the zip's root). */
function loadedBy(files: Files, name: string): string[] {
  const source = text(files, name);
  const specifiers = name.endsWith('.html')
    ? [...source.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1] ?? '')
    : [...source.matchAll(/\b(?:from|import)\s*\(?\s*["']([^"']+\.js)["']/g)].map((match) => match[1] ?? '');
  for (const specifier of specifiers) expect(specifier, `${name} loads ${specifier}`).toMatch(/^\.\.?\//);
  return specifiers.map((specifier) => path.posix.join(path.posix.dirname(name), specifier));
}

/** A page's or a module's scripts and everything they import, each once. */
function scriptGraph(files: Files, start: string): string[] {
  const seen = new Set<string>();
  const visit = (name: string): void => {
    for (const script of loadedBy(files, name)) {
      if (seen.has(script)) continue;
      expect(files, `${script}, loaded by ${name}`).toHaveProperty([script]);
      seen.add(script);
      visit(script);
    }
  };
  visit(start);
  return [...seen];
}

function backgroundScripts(manifest: Manifest): string[] {
  return (
    manifest.background.scripts ?? (manifest.background.service_worker ? [manifest.background.service_worker] : [])
  );
}

beforeAll(() => {
  for (const browser of EXTENSION_BROWSERS) {
    if (!fs.existsSync(path.join(OUT, browser, 'manifest.json'))) {
      throw new Error(`dist/extension/${browser} is missing: run \`npm run build:extension\` first`);
    }
  }
  execFileSync(process.execPath, ['scripts/packageExtension.mjs'], { cwd: ROOT, stdio: 'pipe' });
  for (const browser of EXTENSION_BROWSERS) {
    const zip = fs.readFileSync(path.join(OUT, `me-extension-${browser}-${version}.zip`));
    packages.set(browser, unzipSync(zip));
  }
});

describe('npm run package:extension', () => {
  for (const browser of EXTENSION_BROWSERS) {
    it(`${browser}: the zip holds the build's files, the manifest at its root, as manifest.ts makes it`, () => {
      const files = packages.get(browser) ?? {};
      const built = fs
        .readdirSync(path.join(OUT, browser), { recursive: true, encoding: 'utf8' })
        .filter((name) => fs.statSync(path.join(OUT, browser, name)).isFile())
        .map((name) => name.split(path.sep).join('/'));
      expect(Object.keys(files).sort()).toEqual(built.sort());
      for (const name of built) {
        expect(Buffer.from(files[name] ?? []).equals(fs.readFileSync(path.join(OUT, browser, name))), name).toBe(true);
      }
      expect(manifestOf(files)).toEqual(extensionManifest(browser, version));
    });

    it(`${browser}: every file the manifest names is in the zip, and every script those load`, () => {
      const files = packages.get(browser) ?? {};
      const manifest = manifestOf(files);
      const named = [
        manifest.action.default_popup,
        manifest.options_ui.page,
        ...Object.values(manifest.icons),
        ...backgroundScripts(manifest),
      ];
      for (const name of named) expect(files, name).toHaveProperty([name]);
      for (const page of [manifest.action.default_popup, manifest.options_ui.page]) {
        expect(scriptGraph(files, page).length, page).toBeGreaterThan(0);
      }
      for (const script of backgroundScripts(manifest)) scriptGraph(files, script);
    });

    it(`${browser}: every __MSG_…__ of the manifest has its words in English and Spanish`, () => {
      const files = packages.get(browser) ?? {};
      const keys = [...text(files, 'manifest.json').matchAll(/__MSG_(\w+)__/g)].map((match) => match[1] ?? '');
      expect(keys.length).toBeGreaterThan(0);
      for (const code of ['en', 'es']) {
        const messages = JSON.parse(text(files, `_locales/${code}/messages.json`)) as Record<
          string,
          { message: string }
        >;
        for (const key of keys) expect(messages[key]?.message, `${code}: ${key}`).toMatch(/\S/);
      }
    });
  }

  it("Firefox's package: background scripts (no service worker), an add-on id, a version that runs them", () => {
    const manifest = manifestOf(packages.get('firefox') ?? {});
    expect(manifest.background).not.toHaveProperty('service_worker');
    expect(manifest.background).toEqual({ scripts: ['background.js'], type: 'module' });
    const gecko = manifest.browser_specific_settings?.gecko;
    // addons.mozilla.org takes an id shaped like an email address or a {GUID}.
    expect(gecko?.id).toMatch(/^[a-zA-Z0-9-._]*@[a-zA-Z0-9-._]+$/);
    // Module background scripts need Firefox 112; `_execute_action` in Manifest V3, 109.
    expect(Number.parseFloat(gecko?.strict_min_version ?? '0')).toBeGreaterThanOrEqual(112);
  });

  it("Chromium's package: a service worker and no Firefox keys (Chromium warns on both)", () => {
    const manifest = manifestOf(packages.get('chromium') ?? {});
    expect(manifest.background).toEqual({ service_worker: 'background.js', type: 'module' });
    expect(manifest).not.toHaveProperty('browser_specific_settings');
  });

  it("the popup's scripts, everything popup.html loads, are at most 60 KB gzip (§28)", () => {
    const files = packages.get('chromium') ?? {};
    const scripts = scriptGraph(files, 'popup.html');
    const bytes = scripts.reduce(
      (sum, name) => sum + zlib.gzipSync(files[name] ?? new Uint8Array(), { level: 9 }).length,
      0,
    );
    expect(bytes).toBeGreaterThan(1024);
    expect(bytes).toBeLessThanOrEqual(60 * 1024);
  });
});
