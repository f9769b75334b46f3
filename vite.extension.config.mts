// The browser extension (docs/extension.md): its popup, options page and service worker, built into
// dist/extension/chromium/ and, with Firefox's manifest, dist/extension/firefox/.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { EXTENSION_BROWSERS, extensionManifest, manifestMessages } from './extension/manifest';
import { catalogueParts } from './scripts/build/catalogueParts';

const OUT = path.resolve('dist/extension');
/** §28 of the contract: the popup's script, every chunk it loads, at most 60 KB gzip. */
const POPUP_GZIP_LIMIT = 60 * 1024;

interface Chunk {
  type: 'chunk' | 'asset';
  fileName: string;
  code?: string;
  imports?: string[];
  facadeModuleId?: string | null;
}

/** The gzip size of the popup's scripts: its entry chunk and every chunk it imports. */
function popupGzipBytes(bundle: Record<string, Chunk>): number {
  const entry = Object.values(bundle).find((chunk) => chunk.facadeModuleId?.endsWith('popup.html'));
  if (!entry) throw new Error('the build has no popup chunk');
  const seen = new Set<string>();
  const visit = (chunk: Chunk): void => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports ?? []) if (bundle[name]) visit(bundle[name]);
  };
  visit(entry);
  return [...seen].reduce((sum, name) => sum + zlib.gzipSync(bundle[name]?.code ?? '', { level: 9 }).length, 0);
}

/** The manifest and its words per language, the icons, the popup's size, and Firefox's copy. */
function extensionFiles(): Plugin {
  const version = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version;
  return {
    name: 'me-extension-files',
    apply: 'build',
    generateBundle(_, bundle) {
      const bytes = popupGzipBytes(bundle as unknown as Record<string, Chunk>);
      const kb = (bytes / 1024).toFixed(1);
      console.log(`\nextension popup script: ${kb} KB gzip (limit ${POPUP_GZIP_LIMIT / 1024} KB)`);
      if (bytes > POPUP_GZIP_LIMIT) this.error(`the popup's script is ${kb} KB gzip: over the 60 KB limit`);
    },
    closeBundle() {
      const chromium = path.join(OUT, 'chromium');
      fs.cpSync('extension/icons', path.join(chromium, 'icons'), { recursive: true });
      for (const code of ['en', 'es']) {
        const catalogue = JSON.parse(fs.readFileSync(`redirector/contract/locales/${code}.json`, 'utf8'));
        const dir = path.join(chromium, '_locales', code);
        fs.mkdirSync(dir, { recursive: true });
        const messages = manifestMessages(catalogue.extension.manifest);
        fs.writeFileSync(path.join(dir, 'messages.json'), `${JSON.stringify(messages, null, 2)}\n`);
      }
      for (const browser of EXTENSION_BROWSERS) {
        const dir = path.join(OUT, browser);
        if (browser !== 'chromium') {
          fs.rmSync(dir, { recursive: true, force: true });
          fs.cpSync(chromium, dir, { recursive: true });
        }
        const manifest = extensionManifest(browser, version);
        fs.writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      }
    },
  };
}

export default defineConfig({
  root: 'extension',
  base: './',
  plugins: [catalogueParts(), extensionFiles()],
  build: {
    outDir: path.join(OUT, 'chromium'),
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: false,
    rollupOptions: {
      input: {
        popup: path.resolve('extension/popup.html'),
        options: path.resolve('extension/options.html'),
        background: path.resolve('extension/src/background.ts'),
      },
      output: {
        // The manifest names the worker's file, so it keeps a fixed name.
        entryFileNames: (chunk) => (chunk.name === 'background' ? 'background.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
