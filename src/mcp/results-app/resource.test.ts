import { describe, expect, it } from 'vitest';
import { RESULTS_VIEW_URI, readResultsView, resultsViewToolMeta } from './resource.js';

describe('the results view resource', () => {
  it('is read only under its own URI', () => {
    expect(readResultsView('ui://survey-mcp/other.html')).toBeUndefined();
    expect(readResultsView(RESULTS_VIEW_URI)?.contents).toHaveLength(1);
  });

  it('carries caching hints only when asked, for the modern protocol era', () => {
    expect(readResultsView(RESULTS_VIEW_URI)).not.toHaveProperty('ttlMs');
    expect(readResultsView(RESULTS_VIEW_URI, { cacheHints: true })).toMatchObject({ ttlMs: 86_400_000, cacheScope: 'public' });
  });

  it('is the resource the tool names', () => {
    expect(resultsViewToolMeta.ui.resourceUri).toBe(RESULTS_VIEW_URI);
  });
});
