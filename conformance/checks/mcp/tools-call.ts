import { fail, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { expectStatus } from '../../expect.js';
import { isObject, type ToolResult } from '../../mcp.js';
import { legacyTools } from '../shared/legacy-tools.js';
import { callToolOfSchema, fullestSurveys } from '../shared/read-tools.js';
import { callToolOk } from '../shared/tool-call.js';

/** get_response of the first response of the fullest survey the person may read, held to its outputSchema. */
async function readOneResponse(ctx: CheckContext): Promise<string> {
  const [survey] = await fullestSurveys(ctx);
  if (!survey) return 'no survey with responses the person may read (analyst or above), so get_response was not called';
  const { structured: page } = await callToolOk(ctx, 'list_responses', { survey_id: survey.id, limit: 1 });
  const first: unknown = Array.isArray(page['responses']) ? page['responses'][0] : undefined;
  const responseId = isObject(first) ? first['id'] : undefined;
  if (typeof responseId !== 'string') fail(`list_responses of ${survey.id} (${survey.responses} responses counted): no response with an id on its first page`);
  const answered = await callToolOfSchema(ctx, await legacyTools(ctx), 'get_response', { response_id: responseId });
  const response = answered['response'];
  if (!isObject(response) || response['id'] !== responseId) fail(`get_response ${responseId}: answered ${JSON.stringify(answered).slice(0, 160)}, not that response`);
  return `get_response ${responseId} of ${survey.id} answered it, of its outputSchema`;
}

export const toolsCall: Check = {
  id: 'tools-call',
  group: 'mcp',
  title: 'tools/call with the token runs a tool (get_me, and get_response on the data) and returns its content',
  spec: 'section 4.1 (POST /); section 1 rule 3; MCP 2025-11-25 server/tools "Output Schema"',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { exchange, message } = await ctx.mcp.callTool(() => ctx.connected(), 'get_me');
    expectStatus(exchange, 200, 'tools/call get_me');
    if (message?.error) fail(`tools/call get_me: JSON-RPC error ${message.error.code} ${message.error.message}`);
    const result = message?.result as ToolResult | undefined;
    if (!result) fail('tools/call get_me: no JSON-RPC result');
    if (result.isError) fail('tools/call get_me: the result is a tool error');
    const text = result.content?.find((item) => item.type === 'text')?.text;
    if (text === undefined) fail('tools/call get_me: the result has no text content');
    return `get_me answered: ${text.length > 80 ? `${text.slice(0, 80)}…` : text}; ${await readOneResponse(ctx)}`;
  },
};
