import { configDefaults, defineConfig } from 'vitest/config';

const every = ['src/**/*.test.ts', 'conformance/**/*.test.ts', 'power/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * Files that run after the rest, one at a time: the terminal assistants of the client matrix wait
 * on screens with deadlines and race their own token files (test/clients/gemini-cli.ts); the others
 * failed once each with four files at a time on a loaded machine: a whole run whose registration
 * window misjudged, requests not yet in at SIGTERM 300 ms later.
 */
const alone = [
  'test/clients/**/*.test.ts',
  'test/conformance/broken-deployments.test.ts',
  'test/cli/serve-shutdown.test.ts',
];

/**
 * Most files wait on sockets, child processes and the browser rather than the CPU: with vitest's
 * default of one worker per core but one (a single worker on two cores), one core sat idle.
 */
const workers = 4;

export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'shared', include: every, exclude: [...configDefaults.exclude, ...alone], maxWorkers: workers, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'alone', include: alone, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
