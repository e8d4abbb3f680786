import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// During `npm run dev`, API calls go to a running tandem-server (TANDEM_API_URL),
// so the browser sees one origin just as it does when the server serves web/dist.
const apiTarget = process.env.TANDEM_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
  },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
