import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { leanHeapFlags } from './serving-heap.js';

/**
 * A process that keeps a moving window of objects while it makes garbage, as a server under load
 * does; the flags set with `v8.setFlagsFromString` once it runs, as `serve` sets them. Answers the
 * largest old space it saw, in bytes.
 */
const churn = `
  const v8 = require('node:v8');
  for (const flag of JSON.parse(process.argv[1])) v8.setFlagsFromString(flag);
  const kept = [];
  let largest = 0;
  for (let i = 0; i < 3e6; i++) {
    const request = { id: i, body: 'x' + i, args: [i, i] };
    if (i % 5 === 0) kept.push(request);
    if (kept.length > 100000) kept.splice(0, 50000);
    if (i % 50000 === 0) largest = Math.max(largest, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_size);
  }
  console.log(largest);
`;

const largestOldSpace = (flags: readonly string[]) => Number(execFileSync(process.execPath, ['-e', churn, JSON.stringify(flags)], { encoding: 'utf8' }));

describe('the heap settings of serve --lean-memory', () => {
  it('take effect when set in a running process: the old space stays under half what it grows to by default', () => {
    const untuned = largestOldSpace([]);
    const tuned = largestOldSpace(leanHeapFlags);
    expect(tuned).toBeLessThan(untuned / 2);
  }, 20_000);
});
