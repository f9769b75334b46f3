// The browser build of the renderer, served by the redirector.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { catalogueParts } from './scripts/build/catalogueParts';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|txt|json|ico)$/;

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build, at the highest
 * levels: done once here, the server only picks the variant the browser accepts
 * (redirector/http/uiRoutes.ts). A variant that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'me-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      for (const file of walk(outDir).filter((name) => COMPRESSIBLE.test(name))) {
        const body = fs.readFileSync(file);
        const variants: [string, Buffer][] = [
          [
            '.br',
            zlib.brotliCompressSync(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          ],
          ['.gz', zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION })],
        ];
        for (const [suffix, compressed] of variants) {
          if (compressed.length < body.length) fs.writeFileSync(`${file}${suffix}`, compressed);
        }
      }
    },
  };
}

export default defineConfig({
  root: 'renderer',
  base: '/',
  plugins: [react(), catalogueParts(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // Country flags stay files of their own, fetched only when shown (renderer/src/components/Flag.tsx).
    assetsInlineLimit: (file: string) => (file.includes('flag-icons') ? false : undefined),
  },
});
