import { describe, expect, it } from 'vitest';
import { RESULTS_VIEW_URI, readResultsView, resultsViewToolMeta } from './resource.js';

describe('the results view resource', () => {
  it('is read only under its own URI', () => {
    expect(readResultsView('ui://survey-mcp/other.html')).toBeUndefined();
    expect(readResultsView(RESULTS_VIEW_URI)?.contents).toHaveLength(1);
  });

  it('carries no caching hints of its own: the 2026-07-28 server stamps them, the 2025-11-25 one has none', () => {
    expect(readResultsView(RESULTS_VIEW_URI)).not.toHaveProperty('ttlMs');
  });

  it('is the resource the tool names', () => {
    expect(resultsViewToolMeta.ui.resourceUri).toBe(RESULTS_VIEW_URI);
  });
});
