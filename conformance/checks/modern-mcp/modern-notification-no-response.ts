import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { jsonRpcOf } from '../../mcp.js';
import { modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

/**
 * This revision defines no client notification over HTTP, so a server may accept one (202, no
 * body) or refuse it (an HTTP error, maybe with an id-less JSON-RPC error); what it may not do
 * is answer it like a request, with a 200 and a JSON-RPC response a client would wait for.
 */
export const modernNotificationNoResponse: Check = {
  id: 'modern-notification-no-response',
  group: 'modern-mcp',
  title: 'A notification is accepted with 202 and no body, or refused with an HTTP error, never answered like a request',
  spec: `${MODERN_SPEC} basic/index "Notifications" (the receiver MUST NOT send a response); basic/transports/streamable-http "Sending Messages" (MUST)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const exchange = await ctx.modern.notify(modernToken(ctx), 'notifications/cancelled', { requestId: 'conformance-nothing-running' });
    const { status, body } = exchange.response;
    if (status === 202) {
      if (body.trim() !== '') fail(`a notification got 202 with a body: ${describeResponse(exchange)}`);
      return 'HTTP 202, no body';
    }
    if (status < 400) fail(`a notification got HTTP ${status}, neither 202 nor an error status: ${describeResponse(exchange)}`);
    const message = jsonRpcOf(exchange);
    if (message?.id !== undefined && message.id !== null) fail(`a notification was refused with a JSON-RPC error under id ${JSON.stringify(message.id)}; a notification has none`);
    return `refused with HTTP ${status}`;
  },
};
