import { defineConfig } from 'vitest/config';

/**
 * The tests of src/limits that run under the Node 22 StrykerJS needs: the unit tests and the
 * Redis sliding-log contract (the SQLite ones need the better-sqlite3 built for Node 20).
 */
export default defineConfig({
  test: {
    include: ['src/limits/*.test.ts', 'test/limits/redis.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
