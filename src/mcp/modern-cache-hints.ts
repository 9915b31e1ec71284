import { resultsViewCacheHints } from './results-app/resource.js';

/**
 * The tool list changes only with a new release, and is the same for every person, so shared
 * caches may keep it for an hour (2026-07-28 server/utilities/caching, "Choosing a Cache Scope").
 */
const cacheHours = { ttlMs: 60 * 60 * 1000, cacheScope: 'public' } as const;

/** The cache hints of 2026-07-28 results, per method: one table for the SDK 2.x server and the direct path. */
export const modernCacheHints = {
  'tools/list': cacheHours,
  'server/discover': cacheHours,
  'resources/list': cacheHours,
  'resources/read': resultsViewCacheHints,
} as const;
