import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.plugin';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@store/contract': fileURLToPath(new URL('../../libs/contract/src/index.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  // Bootstrap 5.3's Sass still uses @import and global functions; silence those deprecations until Bootstrap 6.
  css: {
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No public source maps: the bundles ship without them (serve-web-app.ts also refuses *.map).
    sourcemap: false,
    // .vite/manifest.json: the bundle-budget test follows the home route's static imports through it.
    manifest: true,
    // Braintree's Drop-in is its own ~515 kB chunk, fetched only when the server's gateway is Braintree.
    chunkSizeWarningLimit: 600,
  },
  // `nx run web:dev` serves with hot reload and forwards /api to a running API.
  server: { port: 5173, proxy: { '/api': apiTarget } },
});
