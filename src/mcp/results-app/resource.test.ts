import { describe, expect, it } from 'vitest';
import { offersResultsView, RESULTS_VIEW_URI, readResultsView, resultsViewToolMeta, withoutViews } from './resource.js';

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

describe('the tool list for a client without MCP Apps', () => {
  const listed = {
    tools: [
      { name: 'get_survey_results', inputSchema: { type: 'object' as const }, _meta: { ...resultsViewToolMeta } },
      { name: 'with_other_meta', inputSchema: { type: 'object' as const }, _meta: { ...resultsViewToolMeta, 'example.com/kept': 1 } },
      { name: 'get_me', inputSchema: { type: 'object' as const } },
    ],
  };

  it('is offered the view only with the extension and its type', () => {
    expect(offersResultsView({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } })).toBe(true);
    expect(offersResultsView({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html'] } } })).toBe(false);
    expect(offersResultsView({ extensions: { 'io.modelcontextprotocol/ui': {} } })).toBe(false);
    expect(offersResultsView({})).toBe(false);
    expect(offersResultsView(undefined)).toBe(false);
  });

  it('keeps every tool and any other _meta, and names no view', () => {
    expect(withoutViews(listed).tools).toEqual([
      { name: 'get_survey_results', inputSchema: { type: 'object' } },
      { name: 'with_other_meta', inputSchema: { type: 'object' }, _meta: { 'example.com/kept': 1 } },
      { name: 'get_me', inputSchema: { type: 'object' } },
    ]);
  });
});
