import type { McpAppFault } from './faults-sources.js';
import type { Faults } from './faults.js';

/** The results view as an MCP App (ext-apps specification 2026-01-26): a tool that names a ui:// page. */
const VIEW_URI = 'ui://fake-survey-mcp/survey-results.html';
const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';
const VIEW_HTML = '<!DOCTYPE html><html><head><title>Results</title></head><body><main id="chart"></main></body></html>';

/**
 * Whether `capabilities` offer MCP Apps ("Client<>Server Capability Negotiation"): the fake lists
 * its app tool only to such clients, as the extension asks of servers, so a runner that did not
 * offer it would see no view.
 */
export function offersApps(capabilities: unknown): boolean {
  const extensions = (capabilities as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  return typeof extensions?.['io.modelcontextprotocol/ui'] === 'object';
}

/** The era a request speaks: some faults break the view in the 2026-07-28 era only. */
export type AppEra = 'legacy' | 'modern';

/** The view as resources/list names it in either era (MCP Apps lets a server leave it out; survey-mcp lists it). */
export const LISTED_APP_VIEW = { uri: VIEW_URI, name: 'survey-results', mimeType: MCP_APP_MIME_TYPE };

/** The tool that names the view, as `tools/list` appends it in either era. */
export function appTool(fault: McpAppFault | undefined, renamed = false): Record<string, unknown> {
  const uri = fault === 'https-resource-uri' ? 'https://fake-survey-mcp.example/survey-results.html' : renamed ? 'ui://fake-survey-mcp/survey-results-v2.html' : VIEW_URI;
  return {
    name: 'get_survey_results',
    description: 'The answers of one survey, drawn by the results view',
    inputSchema: { type: 'object', properties: { survey_id: { type: 'string' } }, required: ['survey_id'] },
    _meta: { ui: { resourceUri: uri, visibility: fault === 'visibility-string' ? 'model' : ['model', 'app'] }, 'ui/resourceUri': uri },
  };
}

function viewContents(fault: McpAppFault | undefined, era: AppEra): Record<string, unknown> {
  const csp =
    fault === 'csp-domains-string'
      ? { connectDomains: 'https://api.fake-survey-mcp.example' }
      : { connectDomains: [fault === 'csp-path-not-origin' ? 'https://api.fake-survey-mcp.example/v1/' : 'https://api.fake-survey-mcp.example'], frameDomains: [] };
  const plainHtml = fault === 'plain-html-mime-type' || (fault === 'modern-plain-html-mime-type' && era === 'modern');
  return {
    uri: fault === 'content-uri-differs' ? `${VIEW_URI}?v=2` : VIEW_URI,
    mimeType: plainHtml ? 'text/html' : MCP_APP_MIME_TYPE,
    text: fault === 'not-a-document' ? '<div id="chart"></div>' : fault === 'view-cut-at-half' ? VIEW_HTML.slice(0, VIEW_HTML.length / 2) : VIEW_HTML,
    ...(fault === 'text-and-blob' ? { blob: Buffer.from(VIEW_HTML).toString('base64') } : {}),
    _meta: { ui: { csp, permissions: { clipboardWrite: fault === 'permissions-boolean' ? true : {} }, prefersBorder: true } },
  };
}

/**
 * The result of a resources/read of the view in `era`: its contents, `missing` when the fault
 * serves no view, or undefined for any other URI.
 */
export function readAppView(uri: unknown, fault: McpAppFault | undefined, era: AppEra): Record<string, unknown> | 'missing' | undefined {
  if (uri !== VIEW_URI) return undefined;
  return fault === 'resource-missing' ? 'missing' : { contents: [viewContents(fault, era)] };
}

/**
 * The answer to a legacy-era request that the results view concerns: tools/list with the app's
 * tool appended, resources/read of its page; undefined for every other request.
 */
export function resultsAppAnswer(
  method: string | undefined,
  params: Record<string, unknown> | undefined,
  toolList: readonly unknown[],
  faults: Faults,
  appHost: boolean,
): Record<string, unknown> | undefined {
  if (method === 'tools/list' && toolList.length > 0 && appHost) return { result: { tools: [...toolList, appTool(faults.mcpAppFault, faults.sampleFault === 'view-uri-renamed')] } };
  if (method !== 'resources/read') return undefined;
  const read = readAppView(params?.['uri'], faults.mcpAppFault, 'legacy');
  if (read === 'missing') return { error: { code: -32002, message: 'Resource not found', data: { uri: VIEW_URI } } };
  return read && { result: read };
}
