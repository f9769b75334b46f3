// The redirector and the `me` command line as ES modules for Node (dependencies stay in node_modules);
// the code they share goes into chunks/. cli.js imports only each command's help and arguments
// (redirector/cli/commands/); a command's work (redirector/cli/actions/) is a dynamic import, which
// Vite makes a chunk of its own, loaded when the command runs (docs/performance.md, "The test suite's time").
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
