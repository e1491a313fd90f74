import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: {
      '@store/contract': fileURLToPath(new URL('../../libs/contract/src/index.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  // Braintree's Drop-in is its own ~515 kB chunk, fetched only when the server's gateway is Braintree.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 600 },
  // `nx run web:dev` serves with hot reload and forwards /api to a running API.
  server: { port: 5173, proxy: { '/api': apiTarget } },
});
