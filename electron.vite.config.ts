// The desktop app: main process, sandboxed preload and the same React renderer as the web build.
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { catalogueParts } from './scripts/build/catalogueParts';

/**
 * The web build gets its Content-Security-Policy from the redirector's headers; a page loaded from
 * file:// has no headers, so the desktop build carries the same policy in a meta tag. The API may
 * live on any http(s) origin the admin configured, hence connect-src http: https:.
 */
const DESKTOP_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self' http: https:; font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'";

function desktopCsp(): Plugin {
  return {
    name: 'me-desktop-csp',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: DESKTOP_CSP },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      lib: { entry: resolve(import.meta.dirname, 'main/index.ts') },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      lib: { entry: resolve(import.meta.dirname, 'preload/index.ts') },
      // Sandboxed preloads can only be CommonJS, one file, requiring nothing but 'electron'.
      rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    plugins: [react(), catalogueParts(), desktopCsp()],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      // Country flags stay files of their own, fetched only when shown (renderer/src/components/Flag.tsx).
      assetsInlineLimit: (file: string) => (file.includes('flag-icons') ? false : undefined),
      rollupOptions: { input: resolve(import.meta.dirname, 'renderer/index.html') },
    },
  },
});
