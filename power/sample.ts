import { createHash } from 'node:crypto';

/**
 * A fixed, seeded sample: every mutant ranked by a hash of the seed and its identity, the first
 * `size` kept. The same seed picks the same mutants whatever Stryker numbers them, and a mutant
 * added elsewhere moves at most one mutant in or out.
 */
export function seededSample(keys: readonly string[], seed: string, size: number): Set<string> {
  const ranked = keys.map((key) => ({ key, rank: createHash('sha256').update(`${seed}\n${key}`).digest('hex') }));
  ranked.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  return new Set(ranked.slice(0, size).map((entry) => entry.key));
}
