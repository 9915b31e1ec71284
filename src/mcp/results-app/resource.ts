import type { McpUiResourceMeta, McpUiToolMeta } from '@modelcontextprotocol/ext-apps';
import { getUiCapability, RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import type { ListResourcesResult, ListToolsResult, ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import { RESULTS_VIEW_HTML } from './view-html.generated.js';

/**
 * The MCP App that draws get_survey_results (ext-apps 2.x): a `ui://` resource the tool names in
 * its `_meta`, which hosts that render MCP Apps fetch with `resources/read` and show beside the
 * answer. Clients without app support ignore the `_meta` and read the same JSON as before.
 * Everything a server needs is here, apart from any one server: the lead wiring it onto another
 * server needs `resultsViewToolMeta`, `listResultsViews` and `readResultsView`.
 */
export const RESULTS_VIEW_URI = 'ui://survey-mcp/survey-results.html';

/** No network at all: the page carries its script and styles, and fetches nothing. */
const resourceMeta: { ui: McpUiResourceMeta } = {
  ui: { csp: { connectDomains: [], resourceDomains: [], frameDomains: [] }, prefersBorder: true },
};

/**
 * `_meta` of the get_survey_results tool definition: `ui.resourceUri`, and the flat
 * `ui/resourceUri` key older hosts read (what ext-apps' registerAppTool sets).
 */
export const resultsViewToolMeta: { ui: McpUiToolMeta; [RESOURCE_URI_META_KEY]: string } = {
  ui: { resourceUri: RESULTS_VIEW_URI },
  [RESOURCE_URI_META_KEY]: RESULTS_VIEW_URI,
};

const listing: Resource = {
  uri: RESULTS_VIEW_URI,
  name: 'survey-results-view',
  title: 'Survey results chart',
  description: 'Draws a get_survey_results answer: choice bars, the NPS split and score, histograms, segments side by side.',
  mimeType: RESOURCE_MIME_TYPE,
  _meta: resourceMeta,
};

/**
 * The page is the same for every person and changes only with the server's version, so the
 * modern protocol era (2026-07-28, SEP-2549) may let any client cache it for a day.
 */
export const resultsViewCacheHints = { ttlMs: 24 * 60 * 60 * 1000, cacheScope: 'public' } as const;

export function listResultsViews(): ListResourcesResult {
  return { resources: [listing] };
}

/**
 * The page, or undefined for any other URI (the caller answers "resource not found"). The modern
 * era's server stamps `resultsViewCacheHints` on it.
 */
export function readResultsView(uri: string): ReadResourceResult | undefined {
  if (uri !== RESULTS_VIEW_URI) return undefined;
  return { contents: [{ uri: RESULTS_VIEW_URI, mimeType: RESOURCE_MIME_TYPE, text: RESULTS_VIEW_HTML, _meta: resourceMeta }] };
}

/**
 * Whether a 2026-07-28 request's client capabilities offer MCP Apps with our view's type, as
 * ext-apps reads them ("Client<>Server Capability Negotiation": servers SHOULD check before
 * registering tools with a view). In 2025-11-25 the stateless server cannot see at tools/list
 * what initialize offered, so every client gets the view there.
 */
export function offersResultsView(capabilities: unknown): boolean {
  const ui = typeof capabilities === 'object' && capabilities !== null ? getUiCapability(capabilities as Parameters<typeof getUiCapability>[0]) : undefined;
  // A malformed capability (`mimeTypes: {}`, a string) offers nothing: ignored alike on both paths.
  const mimeTypes: unknown = ui?.mimeTypes;
  return Array.isArray(mimeTypes) && mimeTypes.includes(RESOURCE_MIME_TYPE);
}

/** The tool list for a client without MCP Apps: the same tools, with no view named (Graceful Degradation). */
export function withoutViews(list: ListToolsResult): ListToolsResult {
  return {
    ...list,
    tools: list.tools.map((tool) => {
      if (!tool._meta) return tool;
      const meta = Object.entries(tool._meta).filter(([key]) => key !== 'ui' && key !== RESOURCE_URI_META_KEY);
      const plain = Object.fromEntries(Object.entries(tool).filter(([key]) => key !== '_meta')) as typeof tool;
      return meta.length === 0 ? plain : { ...plain, _meta: Object.fromEntries(meta) };
    }),
  };
}
