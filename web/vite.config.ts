import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = 'http://localhost:3000';

export default defineConfig({
  // lingui(): src/locales/hi.po imports as the compiled Hindi catalogue (ADR 018).
  plugins: [react(), lingui()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/media': api, '/pay': api, '/.netlify': api },
  },
  build: {
    // Hashed file names under /assets are cached for a year by the server.
    assetsDir: 'assets',
    sourcemap: false,
    // dist/.vite/manifest.json: the server links a server-rendered screen's CSS and chunks in its head.
    manifest: true,
    rolldownOptions: {
      output: {
        // The libraries every page starts with, in one file: one download that compresses better than
        // the handful of small chunks the automatic split makes of them (the landing page's budget).
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@lingui)[\\/]/ },
          ],
        },
      },
    },
  },
  // `vite build --ssr src/entry-server.tsx` (npm run build): the server's renderer in dist-ssr. npm
  // packages load from node_modules at run time; the workspace's TypeScript contracts are bundled.
  ssr: { noExternal: ['@vastra/contracts'] },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    passWithNoTests: true,
  },
});
