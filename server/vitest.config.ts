import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The storefront tests render the web app's screens (web/src/entry-server.tsx): its Hindi
  // catalogue (a .po file) loads through Lingui's plugin, as in the web build.
  plugins: [lingui({ configPath: '../web/lingui.config.ts' })],
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // Each file opens its own database cloned from a migrated template; two at a time fits two cores.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
