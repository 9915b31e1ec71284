import type { ConformanceOptions } from '../../conformance/options.js';
import type { ModernFault } from './fake/faults.js';
import type { FaultCase } from './fault-cases.js';

function modernCase(check: string, deployment: string, modernFault: ModernFault, reason: RegExp, run?: Partial<ConformanceOptions>): FaultCase {
  return { check, group: 'modern-mcp', deployment, fake: { faults: { modernFault } }, reason, run };
}

/** The wrong deployments of the 2026-07-28 group, one broken rule each. */
export const MODERN_FAULT_CASES: readonly FaultCase[] = [
  modernCase('modern-discover', 'does not implement server/discover', 'no-discover', /discovery is wrong.*tools\/list, sent as 2026-07-28, was answered with a result, yet server\/discover got HTTP 404/),
  modernCase('modern-discover', 'leaves the revision it serves out of server/discover', 'discover-omits-own-version', /discovery is wrong.*server\/discover, sent as 2026-07-28, was answered with a result, yet server\/discover got HTTP 200/),
  modernCase('modern-result-type', 'leaves resultType out of its results', 'no-result-type', /tools\/list: "resultType" is undefined, not "complete"/),
  modernCase('modern-server-info', 'does not name itself in results', 'no-server-info', /_meta\["io\.modelcontextprotocol\/serverInfo"\] is undefined/),
  modernCase('modern-tools-list-cache-hints', 'gives no cache hints on tools/list', 'no-cache-hints', /"ttlMs" is undefined, not a whole number >= 0/),
  modernCase('modern-envelope-32602', 'serves a request whose _meta lacks clientCapabilities', 'envelope-unchecked', /expected HTTP 400 with JSON-RPC error -32602, got HTTP 200/),
  modernCase('modern-header-mismatch-32020', 'ignores an Mcp-Name that names another tool', 'name-header-unchecked', /expected HTTP 400 with JSON-RPC error -32020, got HTTP 200/),
  modernCase('modern-mcp-name-base64', 'compares a Base64-encoded Mcp-Name without decoding it', 'name-header-not-decoded', /expected HTTP 200 with a result, got HTTP 400/),
  modernCase('modern-unsupported-version-32022', 'serves any protocol version', 'any-version', /expected HTTP 400 with JSON-RPC error -32022, got HTTP 200/),
  modernCase('modern-unknown-method-404', 'answers an unknown method with HTTP 200', 'unknown-method-200', /expected HTTP 404 with JSON-RPC error -32601, got HTTP 200/),
];
