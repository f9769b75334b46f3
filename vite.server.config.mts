// The redirector and the `me` command line as ES modules for Node (dependencies stay in node_modules);
// the code they share goes into chunks/.
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      input: { server: 'redirector/server.ts', cli: 'redirector/cli/cli.ts' },
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
