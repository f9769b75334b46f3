// The redirector as one ES module for Node (dependencies stay in node_modules).
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    ssr: 'redirector/server.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'server.js' } },
  },
});
