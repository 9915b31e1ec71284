import type { FakeDeploymentOptions } from './fake-deployment.js';
import type { ModernFault } from './fake/faults.js';
import type { FaultCase } from './fault-cases.js';

function eraCase(check: string, deployment: string, modernFault: ModernFault, reason: RegExp, offers?: FakeDeploymentOptions['offers']): FaultCase {
  return { check, group: 'modern-mcp', deployment, fake: { faults: { modernFault }, ...(offers ? { offers } : {}) }, reason };
}

/**
 * Wrong deployments for the rules read from the 2026-07-28 and 2025-11-25 pages in full (issue
 * 26), one broken rule each: every one fails its check and no other check of its group.
 */
export const ERA_FAULT_CASES: readonly FaultCase[] = [
  eraCase('modern-response-id', 'answers a string id with null', 'string-id-dropped', /tools\/list with id "conformance-list": the result answers id null/),
  eraCase(
    'modern-version-header-mismatch-32020',
    'serves a request whose MCP-Protocol-Version header differs from _meta',
    'version-header-unchecked',
    /expected HTTP 400 with JSON-RPC error -32020, got HTTP 200/,
  ),
  eraCase(
    'modern-header-mismatch-32020',
    'requires Mcp-Method but never compares it with the body',
    'method-header-presence-only',
    /tools\/list with Mcp-Method: server\/discover: expected HTTP 400 with JSON-RPC error -32020, got HTTP 200/,
  ),
  eraCase('modern-required-headers-32020', 'serves a tools/call without Mcp-Name', 'name-header-optional', /tools\/call get_me without Mcp-Name: expected HTTP 400 with JSON-RPC error -32020, got HTTP 200/),
  eraCase('modern-notification-no-response', 'answers a notification like a request, with 200 and a result', 'notification-answered', /a notification got HTTP 200, neither 202 nor an error status/),
  eraCase('modern-foreign-origin-403', 'lets a 2026-07-28 request from a foreign Origin through', 'modern-ignores-origin', /tools\/list with Origin https:\/\/attacker\.invalid: expected HTTP 403, got HTTP 200/),
  eraCase('modern-no-session-id', 'echoes the Mcp-Session-Id of a 2026-07-28 request', 'echoes-session-id', /the answer carries Mcp-Session-Id: conformance-session/),
  eraCase('modern-resource-not-found-32602', 'answers a missing resource with the retired -32002', 'resource-not-found-32002', /expected JSON-RPC error -32602, got HTTP 200 .*-32002/),
  eraCase('modern-cacheable-results-hints', 'gives no cache hints on resources/read', 'no-cache-hints-on-read', /resources\/read ui:\/\/fake-survey-mcp\/results\.html: "ttlMs" is undefined/),
  eraCase(
    'modern-capabilities-declared',
    'serves resources/list without declaring resources',
    'undeclared-resources',
    /resources\/list answers a result, but server\/discover declares no "resources" capability/,
  ),
  eraCase('modern-tool-input-schemas', 'lists a tool whose inputSchema is null', 'null-input-schema', /tool list_surveys: inputSchema is null, not a JSON Schema object/),
  eraCase('modern-tool-names', 'names a tool with a space', 'tool-name-with-space', /"list surveys" outside 1-128 characters/),
  eraCase('modern-tools-list-deterministic', 'lists its tools in a new order each time', 'shuffled-tools', /tools\/list changed between two calls/),
  eraCase('modern-structured-content-schema', 'returns structuredContent without a property its outputSchema requires', 'structured-content-off-schema', /structuredContent lacks the required "workspaces"/),
  eraCase('modern-structured-content-text', 'returns structuredContent with a text block that is not it', 'structured-without-text', /no text block holds the structuredContent as JSON/),
  eraCase(
    'modern-initialize-names-versions',
    'speaks only 2026-07-28 and refuses initialize without naming it',
    'initialize-error-unnamed',
    /initialize was refused without naming 2026-07-28: HTTP 400/,
    'modern',
  ),
  eraCase('modern-legacy-stream-405', 'speaks only 2026-07-28 and answers GET / with 404', 'legacy-stream-404', /GET \/ with the token: expected 405, got HTTP 404/, 'modern'),
  eraCase(
    'modern-app-tools-need-extension',
    'names its view to a client that offers no MCP Apps',
    'views-for-any-client',
    /tools\/list from a client that offers no io\.modelcontextprotocol\/ui still names views: get_survey_results → ui:\/\/fake-survey-mcp\/survey-results\.html/,
  ),

  // 2025-11-25, read whole
  {
    check: 'initialize-version-negotiation',
    group: 'mcp',
    deployment: 'agrees to any protocol version initialize asks for',
    fake: { faults: { initializeEchoesVersion: true } },
    reason: /initialize asking for 1900-01-01 agreed to it/,
  },
  {
    check: 'ping-empty-result',
    group: 'mcp',
    deployment: 'does not implement ping',
    fake: { faults: { pingUnsupported: true } },
    reason: /ping: no result: HTTP 200 .*-32601/,
  },
  {
    check: 'resource-not-found-32002',
    group: 'mcp',
    deployment: 'answers a missing resource with 2026-07-28\'s -32602 in the 2025 era',
    fake: { faults: { legacyResourceNotFound32602: true } },
    reason: /expected JSON-RPC error -32002, got HTTP 200 .*-32602/,
  },
  {
    check: 'capabilities-declared',
    group: 'mcp',
    deployment: 'serves resources/list in the 2025 era without declaring resources',
    fake: { faults: { legacyUndeclaredResources: true } },
    reason: /resources\/list answers a result, but initialize declares no "resources" capability/,
  },
  {
    check: 'tool-names',
    group: 'mcp',
    deployment: 'names a tool with a space in the 2025 era',
    fake: { faults: { legacyToolNameWithSpace: true } },
    reason: /"list surveys" outside 1-128 characters/,
  },
  {
    check: 'structured-content-schema',
    group: 'mcp',
    deployment: 'returns structuredContent without a property its outputSchema requires, in the 2025 era',
    fake: { faults: { legacyStructuredOffSchema: true } },
    reason: /structuredContent lacks the required "workspaces"/,
  },
  {
    check: 'structured-content-text',
    group: 'mcp',
    deployment: 'returns structuredContent with a text block that is not it, in the 2025 era',
    fake: { faults: { legacyStructuredWithoutText: true } },
    reason: /no text block holds the structuredContent as JSON/,
    // Every answer's text is wrong, the large ones included.
    mayAlsoFail: ['structured-content-large-answer'],
  },
  {
    check: 'insufficient-scope-challenge',
    group: 'mcp',
    deployment: 'refuses a token without the scope with a bare 403, no challenge',
    fake: { faults: { bareInsufficientScope: true } },
    reason: /the 403 has no Bearer challenge \(WWW-Authenticate: absent\)/,
  },
];
