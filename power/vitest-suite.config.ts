import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The tests of one area of power/suite-areas.json (SUITE_AREA), the ones Stryker runs against
 * that area's mutants (power/suite-score.sh): only tests that exercise the area, so a run stays short.
 */
const areas = JSON.parse(readFileSync(new URL('./suite-areas.json', import.meta.url), 'utf8')) as Record<string, { tests: string[] }>;
const area = process.env.SUITE_AREA ?? '';
const tests = areas[area]?.tests;
if (!tests) throw new Error(`SUITE_AREA=${JSON.stringify(area)} names no area of power/suite-areas.json (${Object.keys(areas).join(', ')})`);

export default defineConfig({
  test: {
    include: tests.filter((glob) => !glob.startsWith('!')),
    exclude: tests.filter((glob) => glob.startsWith('!')).map((glob) => glob.slice(1)),
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
