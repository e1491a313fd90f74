import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inHomeGraph } from './build/home-chunk';
import { precompress } from './build/precompress.plugin';
import { purgeUnusedCss } from './build/purge-css.config';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

const reactRouterProduction = (file: string): string =>
  fileURLToPath(new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ mode, isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  resolve: {
    alias: [
      // The DTOs one by one (`@store/contract/dto/signin.dto`): a form's lazy page takes only the classes it uses.
      {
        find: /^@store\/contract\/dto\/(.*)$/,
        replacement: fileURLToPath(new URL('../../libs/contract/src/dto/', import.meta.url)) + '$1.ts',
      },
      { find: '@store/contract', replacement: fileURLToPath(new URL('../../libs/contract/src/index.ts', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-router's package exports only its development build (dev warnings, checks on every render); its
      // production build sits beside it. The built app takes that one; `vite` dev keeps the warnings.
      ...(mode === 'production'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : []),
    ],
  },
  // Bootstrap 5.3's Sass still uses @import and global functions; silence those deprecations until Bootstrap 6.
  css: {
    // The built CSS keeps only the rules the app's source can use (PurgeCSS, see build/purge-css.config.ts).
    postcss: {
      plugins:
        mode === 'production'
          ? [
              purgeUnusedCss([
                fileURLToPath(new URL('./src/**/*.{ts,tsx}', import.meta.url)),
                fileURLToPath(new URL('./index.html', import.meta.url)),
              ]),
            ]
          : [],
    },
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
  // The server's entry (src/entry-server.tsx, built with --ssr into dist-server/) carries its dependencies (React,
  // react-router, TanStack Query) in its own bundle: the API image installs runtime dependencies only.
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? { outDir: 'dist-server', emptyOutDir: true, sourcemap: false, copyPublicDir: false, ssrEmitAssets: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // No public source maps: the bundles ship without them (serve-web-app.ts also refuses *.map).
        sourcemap: false,
        // .vite/manifest.json: the bundle-budget test follows the home route's imports through it.
        manifest: true,
        // No modulepreload links or polyfill: the page is in the server's HTML, so its stylesheet and first photos
        // come first, and index.html's script (src/boot.ts) fetches the home chunk with import() once the page's
        // largest photo is on screen. With the home chunk hinted in the head, a phone's bandwidth went to 87 kB of
        // script before the photos (Lighthouse mobile, home: LCP 1.85 -> 1.29 s, TBT 62 -> 29 ms without;
        // docs/performance.md). A lazy page fetches its own imports after its chunk; the server hints a rendered
        // page's chunks (apps/api/src/web-app/page-template.ts).
        modulePreload: false,
        // Braintree's Drop-in is its own ~515 kB chunk, fetched only when the server's gateway is Braintree.
        chunkSizeWarningLimit: 600,
        rolldownOptions: {
          // Everything the home page loads in one chunk (beside index.html's few-line script): Rolldown otherwise cuts
          // it into five files along what the lazy pages share, and five files compress 2.4 kB (brotli) worse than one
          // and cost a phone four more requests. The lazy pages import what they need from that chunk.
          // `inHomeGraph` already follows the home code's imports; Rolldown's own following would also pull in every
          // module a package index re-exports (all of the contract: 0.6 kB brotli the home page never runs).
          output: {
            codeSplitting: {
              groups: [{ name: (id, ctx) => (inHomeGraph(id, ctx) ? 'home' : null), includeDependenciesRecursively: false }],
            },
          },
        },
      },
  // `nx run web:dev` serves with hot reload and forwards /api to a running API.
  server: { port: 5173, proxy: { '/api': apiTarget } },
}));
