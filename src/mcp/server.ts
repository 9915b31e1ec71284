import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  isJSONRPCNotification,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type MessageExtraInfo,
} from '@modelcontextprotocol/sdk/types.js';
import type { Platform } from '../platform/index.js';
import { StoreUnavailableError } from '../store/errors.js';
import { ExchangeTransport } from './exchange-transport.js';
import { surveyTools } from './tools/index.js';
import { createToolRegistry, type ToolRegistryOptions } from './tool-registry.js';
import { serverVersion } from '../version.js';

/** JSON-RPC code our HTTP layer turns into a 503: the store went away mid-request. */
export const storeUnavailableCode = -32050;

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

export async function createMcpDispatcher(
  platform: Platform,
  options: ToolRegistryOptions = {},
): Promise<McpDispatcher> {
  const registry = createToolRegistry(surveyTools, options);
  const server = new Server(
    { name: 'survey-mcp', title: 'Survey MCP', version: serverVersion },
    { capabilities: { tools: { listChanged: false } }, instructions },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => registry.list());
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
    async handle(messages, extra) {
      const answers: Promise<JSONRPCMessage>[] = [];
      for (const message of messages) {
        if (isJSONRPCRequest(message)) answers.push(transport.exchange(message, extra));
        else if (isJSONRPCNotification(message)) transport.notify(message, extra);
      }
      return Promise.all(answers);
    },
    close: () => server.close(),
  };
}
