import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { header } from '../../http.js';
import { isJsonRpcError } from '../../mcp.js';
import { expectModernError, expectModernResult } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

/**
 * JSON-RPC ids may be strings; a server that keys its answers by number (or drops what it cannot
 * parse) answers a request nobody sent. Both a result and an error are looked at, and the answer
 * must be one JSON-RPC response, as JSON or an event stream, never a request of the server's own.
 */
export const modernResponseId: Check = {
  id: 'modern-response-id',
  group: 'modern-mcp',
  title: 'A request with a string id is answered under that id, as one JSON-RPC response (result or error with integer code and message)',
  spec: `${MODERN_SPEC} basic/index "Requests", "Result Responses", "Error Responses" (MUST); basic/transports/streamable-http "Sending Messages" (MUST)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const listing = await ctx.modern.request(() => ctx.accessToken(), 'tools/list', {}, { id: 'conformance-list' });
    const contentType = header(listing.exchange, 'content-type') ?? '';
    if (!/^(application\/json|text\/event-stream)\b/.test(contentType)) fail(`tools/list: Content-Type is "${contentType}", neither application/json nor text/event-stream`);
    expectModernResult(listing, 'tools/list with id "conformance-list"');
    if (listing.message?.id !== 'conformance-list') fail(`tools/list with id "conformance-list": the result answers id ${JSON.stringify(listing.message?.id)}`);
    if ('method' in (listing.message ?? {})) fail(`tools/list: the answer is a request of the server's own, not a response: ${describeResponse(listing.exchange)}`);
    const unknown = await ctx.modern.request(() => ctx.accessToken(), 'conformance/unknown-method', {}, { id: 'conformance-unknown' });
    const error = expectModernError(unknown, 404, -32601, 'an unknown method with id "conformance-unknown"');
    if (!isJsonRpcError(error)) fail(`the error ${JSON.stringify(error)} lacks an integer code or a message`);
    return 'result and error both answer their string ids';
  },
};
