// Vite builds the dashboard into dist/, which discovery-api serves from `/` (see
// apps/discovery-api/src/http/dashboard.ts). Preact's JSX is compiled by esbuild directly,
// so no framework plugin is needed. No inline script and no eval in the output: the page
// runs under `script-src 'self'`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  publicDir: false,
  // @disc/client's (and its @fin/retry's, @fin/errors' and @disc/types') TypeScript source: its dist is CommonJS for Node; the page bundles the
  // same code as ES modules (tree-shaken with openapi-fetch).
  resolve: {
    alias: {
      '@disc/client': fileURLToPath(new URL('../../packages/disc-client/src/index.ts', import.meta.url)),
      '@disc/types': fileURLToPath(new URL('../../packages/disc-types/src/index.ts', import.meta.url)),
      '@fin/errors': fileURLToPath(new URL('../../packages/errors/src/index.ts', import.meta.url)),
      '@fin/retry': fileURLToPath(new URL('../../packages/retry/src/index.ts', import.meta.url)),
    },
  },
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  server: {
    // `pnpm -F @disc/web exec vite` while discovery-api runs on :3000.
    proxy: { '/v1': 'http://127.0.0.1:3000' },
  },
});
