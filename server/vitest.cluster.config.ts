import { defineConfig } from 'vitest/config';

/** `npm run test:cluster`: two app processes on one PostgreSQL, Redis and S3 server (ADR 016). */
export default defineConfig({
  test: {
    include: ['cluster/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
