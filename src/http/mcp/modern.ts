import type { ServerResponse } from 'node:http';
import type { JSONRPCRequest } from '@modelcontextprotocol/server';
import type { McpDispatcher } from '../../mcp/server.js';
import type { BearerAuth } from './bearer-check.js';
import { sendAnswer } from './rpc-answer.js';

/**
 * HTTP status of a refusal the SDK gives before any handler runs (2026-07-28
 * transports/streamable-http and basic/index: 404 for a method we do not offer, 400 for a
 * malformed request, envelope, header or version). Any other error, and every error from a
 * handler, travels in a 200, as in the legacy era.
 */
const refusalStatus: Readonly<Record<number, number>> = {
  [-32700]: 400,
  [-32600]: 400,
  [-32601]: 404,
  [-32602]: 400,
  [-32020]: 400,
  [-32021]: 400,
  [-32022]: 400,
};

/** Answers one checked 2026-07-28 request through the dispatcher's modern server. */
export async function answerModern(res: ServerResponse, dispatcher: McpDispatcher, request: JSONRPCRequest, auth: BearerAuth, gone: AbortSignal): Promise<void> {
  const { message, beforeHandler } = await dispatcher.handleModern(request, auth.authInfo);
  if (gone.aborted) return;
  const status = beforeHandler && 'error' in message ? (refusalStatus[message.error.code] ?? 200) : 200;
  await sendAnswer(res, status, message, gone);
}
