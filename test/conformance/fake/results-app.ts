import type { Faults } from './faults.js';

/** The results view as an MCP App (ext-apps specification 2026-01-26): a tool that names a ui:// page. */
const VIEW_URI = 'ui://fake-survey-mcp/survey-results.html';
const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';
const VIEW_HTML = '<!DOCTYPE html><html><head><title>Results</title></head><body><main id="chart"></main></body></html>';

function appTool(faults: Faults): Record<string, unknown> {
  const uri = faults.mcpAppFault === 'https-resource-uri' ? 'https://fake-survey-mcp.example/survey-results.html' : VIEW_URI;
  return {
    name: 'get_survey_results',
    description: 'The answers of one survey, drawn by the results view',
    inputSchema: { type: 'object', properties: { survey_id: { type: 'string' } }, required: ['survey_id'] },
    _meta: { ui: { resourceUri: uri, visibility: faults.mcpAppFault === 'visibility-string' ? 'model' : ['model', 'app'] }, 'ui/resourceUri': uri },
  };
}

function viewContents(faults: Faults): Record<string, unknown> {
  const fault = faults.mcpAppFault;
  const csp =
    fault === 'csp-domains-string'
      ? { connectDomains: 'https://api.fake-survey-mcp.example' }
      : { connectDomains: [fault === 'csp-path-not-origin' ? 'https://api.fake-survey-mcp.example/v1/' : 'https://api.fake-survey-mcp.example'], frameDomains: [] };
  return {
    uri: fault === 'content-uri-differs' ? `${VIEW_URI}?v=2` : VIEW_URI,
    mimeType: fault === 'plain-html-mime-type' ? 'text/html' : MCP_APP_MIME_TYPE,
    text: fault === 'not-a-document' ? '<div id="chart"></div>' : VIEW_HTML,
    ...(fault === 'text-and-blob' ? { blob: Buffer.from(VIEW_HTML).toString('base64') } : {}),
    _meta: { ui: { csp, permissions: { clipboardWrite: fault === 'permissions-boolean' ? true : {} }, prefersBorder: true } },
  };
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
): Record<string, unknown> | undefined {
  if (method === 'tools/list' && toolList.length > 0) return { result: { tools: [...toolList, appTool(faults)] } };
  if (method !== 'resources/read' || params?.['uri'] !== VIEW_URI) return undefined;
  if (faults.mcpAppFault === 'resource-missing') return { error: { code: -32002, message: 'Resource not found', data: { uri: VIEW_URI } } };
  return { result: { contents: [viewContents(faults)] } };
}
