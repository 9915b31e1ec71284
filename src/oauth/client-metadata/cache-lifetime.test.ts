import { describe, expect, it } from 'vitest';
import { freshLifetimeMs } from './cache-lifetime.js';

const bounds = { defaultMs: 300_000, minMs: 60_000, maxMs: 86_400_000, staleMs: 600_000 };

describe('how long a client metadata document is kept', () => {
  it.each([
    [undefined, 300_000],
    ['public, max-age=3600', 3_600_000],
    ['Max-Age=120, must-revalidate', 120_000],
    ['max-age=5', 60_000],
    ['no-store', 60_000],
    ['no-cache, max-age=3600', 60_000],
    ['max-age=31536000', 86_400_000],
    ['max-age=abc', 300_000],
  ])('Cache-Control %s keeps it %i ms', (header, expected) => {
    expect(freshLifetimeMs(header, bounds)).toBe(expected);
  });
});
