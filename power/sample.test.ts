import { describe, expect, it } from 'vitest';
import { seededSample } from './sample.js';

const keys = Array.from({ length: 200 }, (_, index) => `src/a.ts | StringLiteral | 'x${index}' | "" | line ${index}`);

describe('the seeded sample', () => {
  it('picks the same mutants for a seed whatever order Stryker lists them in', () => {
    expect(seededSample([...keys].reverse(), '31', 20)).toEqual(seededSample(keys, '31', 20));
    expect(seededSample(keys, '31', 20).size).toBe(20);
  });

  it('picks other mutants for another seed', () => {
    const a = seededSample(keys, '31', 20);
    const b = seededSample(keys, '32', 20);
    expect([...a].filter((key) => b.has(key)).length).toBeLessThan(10);
  });

  it('grows by keeping what a smaller sample of the same seed picked, so a larger run resumes a smaller one', () => {
    const small = seededSample(keys, '31', 20);
    const large = seededSample(keys, '31', 50);
    expect([...small].every((key) => large.has(key))).toBe(true);
  });

  it('keeps a mutant’s membership when a mutant is added elsewhere, but for at most one swap', () => {
    const before = seededSample(keys, '31', 20);
    const after = seededSample([...keys, 'src/b.ts | BooleanLiteral | true | false | new line'], '31', 20);
    expect([...before].filter((key) => !after.has(key)).length).toBeLessThanOrEqual(1);
  });
});
