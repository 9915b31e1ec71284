// The test suite's own mutation score for one area of power/suite-areas.json (SUITE_AREA), with
// the vitest runner: run it through power/suite-score.sh. docs/runner-power.md keeps the figures.
import { readFileSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';

const areas = JSON.parse(readFileSync(new URL('./suite-areas.json', import.meta.url), 'utf8'));
const area = process.env.SUITE_AREA ?? '';
if (!areas[area]) throw new Error(`SUITE_AREA=${JSON.stringify(area)} names no area of power/suite-areas.json (${Object.keys(areas).join(', ')})`);

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'power/vitest-suite.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: areas[area].mutate,
  // The shared machine: one test runner at a time.
  concurrency: 1,
  checkers: [],
  // Stryker links no node_modules into the sandbox when the project's is itself a link (a git
  // worktree's); the tests that start a child process from the sandbox need one.
  buildCommand: `ln -s ${realpathSync('node_modules')} node_modules`,
  // Leaves out the writer thread's functions, whose source text runs in a worker (built by npm run build).
  appendPlugins: [resolve('dist/power/stryker-plugin.js')],
  ignorers: ['shipped-as-text'],
  reporters: ['clear-text', 'json', 'progress-append-only'],
  jsonReporter: { fileName: `reports/suite-score/${area}.json` },
  ignorePatterns: ['dist', 'docs', 'reports', 'bench/results*'],
  tempDirName: '.stryker-tmp-tests',
  cleanTempDir: true,
  fileLogLevel: 'off',
};
