import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type MessageExtraInfo,
} from '@modelcontextprotocol/sdk/types.js';
import type { Platform } from '../platform/index.js';
import { StoreUnavailableError } from '../store/errors.js';
import { ExchangeTransport } from './exchange-transport.js';
import { listResultsViews, readResultsView } from './results-app/resource.js';
import { surveyTools } from './tools/index.js';
import { createToolRegistry, type ToolRegistryOptions } from './tool-registry.js';
import { serverVersion } from '../version.js';

/** JSON-RPC code our HTTP layer turns into a 503: the store went away mid-request. */
export const storeUnavailableCode = -32050;

/** MCP's code for a `resources/read` of a URI the server does not have. */
const resourceNotFoundCode = -32002;

const instructions = `Survey data of the signed-in person, under their own platform permissions.
Start with get_me or list_surveys to find survey ids, get_survey for questions and choices, and
get_survey_results for aggregates (counts, percentages, NPS, means) before reading raw responses
with list_responses. Lists are paginated: pass next_cursor back as cursor with the same filters.
Failures come back as tool errors {"error": "..."}; fix the arguments and call again.`;

export interface McpDispatcher {
  /** Answers the request messages of one HTTP POST, in order; notifications get no answer. */
  handle(messages: readonly JSONRPCMessage[], extra: MessageExtraInfo): Promise<JSONRPCMessage[]>;
  close(): Promise<void>;
}

/**
 * JSON-RPC -32602 for a `tools/call` whose envelope is malformed (no tool name, arguments that
 * are not an object), instead of the SDK's -32603 carrying a raw schema dump. Bad argument
 * values inside a well-formed call stay tool errors.
 */
function invalidToolCall(request: JSONRPCRequest): JSONRPCMessage | undefined {
  if (request.method !== 'tools/call') return undefined;
  const params = request.params as { name?: unknown; arguments?: unknown } | undefined;
  const args = params?.arguments;
  if (typeof params?.name === 'string' && (args === undefined || (typeof args === 'object' && args !== null && !Array.isArray(args)))) {
    return undefined;
  }
  return {
    jsonrpc: '2.0',
    id: request.id,
    error: { code: ErrorCode.InvalidParams, message: 'Invalid params: tools/call needs params.name (a string) and params.arguments (an object, if given)' },
  };
}

export async function createMcpDispatcher(
  platform: Platform,
  options: ToolRegistryOptions = {},
): Promise<McpDispatcher> {
  const registry = createToolRegistry(surveyTools, options);
  const server = new Server(
    { name: 'survey-mcp', title: 'Survey MCP', version: serverVersion },
    { capabilities: { tools: { listChanged: false }, resources: { listChanged: false } }, instructions },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => registry.list());
  // The one resource is the MCP App that draws get_survey_results.
  server.setRequestHandler(ListResourcesRequestSchema, () => listResultsViews());
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const view = readResultsView(request.params.uri);
    if (!view) {
      const { uri } = request.params;
      throw new McpError(resourceNotFoundCode, `Resource not found: ${uri}; resources/list names the one there is`, { uri });
    }
    return view;
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const userId = extra.authInfo?.extra?.userId;
    if (typeof userId !== 'string') {
      throw new McpError(ErrorCode.InternalError, 'tools/call reached the server without an authenticated person');
    }
    try {
      return await registry.call(request.params.name, request.params.arguments, { platform, userId });
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw new McpError(storeUnavailableCode, error.message);
      throw error;
    }
  });
  const transport = new ExchangeTransport();
  await server.connect(transport);

  return {
    // Client notifications are acknowledged and dropped: with no session nothing needs them, and
    // a `notifications/cancelled` naming a request id would reach whichever request of whichever
    // person holds that id inside the shared server.
    async handle(messages, extra) {
      return Promise.all(
        messages.filter(isJSONRPCRequest).map((request) => {
          const refusal = invalidToolCall(request);
          return refusal ? Promise.resolve(refusal) : transport.exchange(request, extra);
        }),
      );
    },
    close: () => server.close(),
  };
}
