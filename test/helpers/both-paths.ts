import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { rpcAnswerText } from '../../src/mcp/answer-cache.js';
import { createMcpDispatcher, type DispatcherOptions, type McpDispatcher } from '../../src/mcp/server.js';
import type { Platform } from '../../src/platform/index.js';
import type { replaying } from './replaying-platform.js';
import { withoutSeals } from './tool-cases.js';

/** A dispatcher with the 2026-07-28 direct path and one without, over the same platform. */
export async function pair(over: Platform, options: DispatcherOptions = {}): Promise<[McpDispatcher, McpDispatcher]> {
  return [await createMcpDispatcher(over, options), await createMcpDispatcher(over, { ...options, modernDirect: false })];
}

/**
 * Answers a 2026-07-28 request both ways, the platform replaying the first to the second: the
 * JSON text of each answer (seals made alike, see `withoutSeals`), and the first answer.
 */
export async function bothWays(platform: ReturnType<typeof replaying>, dispatchers: [McpDispatcher, McpDispatcher], request: JSONRPCRequest, auth: AuthInfo) {
  platform.reset();
  platform.state.recording = true;
  const first = await dispatchers[0].handleModern(request, auth);
  platform.rewind();
  platform.state.recording = false;
  const second = await dispatchers[1].handleModern(request, auth);
  platform.state.recording = true;
  expect(first.beforeHandler).toBe(second.beforeHandler);
  return { direct: withoutSeals(rpcAnswerText(first.message)), server: withoutSeals(JSON.stringify(second.message)), answer: first.message as Record<string, any> };
}
