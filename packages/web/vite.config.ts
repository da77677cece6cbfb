import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * `@webmail/contracts` is consumed as TypeScript source (no build step in dev): the alias points at its entry,
 * which also makes Vitest (sharing `resolve` through vitest.config.ts) see the same module.
 */
export const contractsEntry = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@webmail/contracts': contractsEntry },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Route chunks are split by `lazy` in the router; the sign-in page never pulls the mailbox code.
    chunkSizeWarningLimit: 600,
  },
});
