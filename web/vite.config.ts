import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// During `npm run dev`, API calls go to a running tandem-server (TANDEM_API_URL),
// so the browser sees one origin just as it does when the server serves web/dist.
const apiTarget = process.env.TANDEM_API_URL ?? 'http://127.0.0.1:8080';

/**
 * The text font is preloaded by each pre-rendered page; with `optional` the browser waits
 * briefly for it before the first paint and never swaps it in later, so text never
 * reflows under the reader (layout shift 0). @fontsource ships `swap`.
 */
function fontDisplayOptional(): Plugin {
  return {
    name: 'tandem:font-display-optional',
    transform(code, id) {
      if (!/@fontsource-variable[\\/]inter[\\/].*\.css$/.test(id)) return null;
      return { code: code.replaceAll('font-display: swap', 'font-display: optional'), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), fontDisplayOptional()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    // The connection protocol's SDK loads its QR modal (AppKit) only when showQrModal is on; it is off here.
    alias: { '@reown/appkit/core': fileURLToPath(new URL('./src/lib/evm-wallet/noAppKit.ts', import.meta.url)) },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    target: 'es2022',
    // Read by scripts/prerender.mjs (which chunks and styles each page needs), then removed.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the app needs to start, in one file rather than a handful of small ones.
            { name: 'app', tags: ['$initial'], priority: 2 },
            // i18next and the English texts, which nearly every screen needs.
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]|src[\\/]lib[\\/]i18n[\\/](i18n|en)\.ts$/, priority: 1 },
            // The app's small shared helpers (a few hundred bytes each) in one file, not one request each.
            { name: 'shared', test: /[\\/]src[\\/]lib[\\/]/, minShareCount: 2, maxModuleSize: 4_000 },
            // The EVM screens' texts, models and small parts that several of them share, in one file:
            // on a first visit each file is a request, and small requests queue on HTTP/1.1's six
            // connections (the wallet asked for eight route files of 0.3–8 kB).
            { name: 'evm-screens', test: /[\\/]src[\\/](features[\\/]evm-wallet[\\/]|lib[\\/]i18n[\\/](evm|tools)\.ts|lib[\\/]export[\\/])/, minShareCount: 2 },
          ],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
