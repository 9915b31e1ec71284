/** The soak's mixed load: eleven kinds of call, in both protocol eras, spread over the crowd. */
import type { BenchTokens } from './fixtures.js';
import { modernToolCall, toolCall, type RpcRequest } from './load.js';

const survey = 'srv_demo_nps';

/** A request of another method than tools/call, in either era. */
function rpcCall(url: string, token: string, method: string, params: Record<string, unknown>, modern: boolean): RpcRequest {
  const base = toolCall(url, token, 'get_me', {});
  if (!modern) return { ...base, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) };
  const revision = '2026-07-28';
  const _meta = { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientCapabilities': {} };
  return {
    url,
    headers: { ...base.headers, 'mcp-protocol-version': revision, 'mcp-method': method },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta } }),
  };
}

/** Eleven kinds of call, each in both eras, each person in turn. */
export function mixedCalls(url: string, tokens: BenchTokens): RpcRequest[] {
  const calls: RpcRequest[] = [];
  tokens.crowd.forEach((token, person) => {
    const era = person % 2 === 1;
    const tool = era ? modernToolCall : toolCall;
    calls.push(
      tool(url, token, 'get_me', {}),
      tool(url, token, 'list_surveys', { limit: 10 }),
      tool(url, token, 'get_survey', { survey_id: survey }),
      tool(url, token, 'get_survey_results', { survey_id: survey }),
      tool(url, token, 'list_responses', { survey_id: survey, limit: 5 }),
      tool(url, token, 'list_surveys', { status: 'open' }),
      // A tool error: an unknown survey.
      tool(url, token, 'get_survey', { survey_id: `srv_missing_${person}` }),
      // Arguments the schema refuses.
      tool(url, token, 'list_surveys', { limit: 1000 }),
      rpcCall(url, token, 'tools/list', {}, era),
      rpcCall(url, token, 'resources/list', {}, era),
      // 2026-07-28 has no ping; it has server/discover.
      era ? rpcCall(url, token, 'server/discover', {}, true) : rpcCall(url, token, 'ping', {}, false),
    );
  });
  return calls;
}
