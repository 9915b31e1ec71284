import { type Check, fail, notVerified } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { isObject, jsonRpcOf } from '../../mcp.js';
import { tryToken, tryToolCall } from '../../eras.js';

export const clientMetadataDocumentFlow: Check = {
  id: 'client-metadata-document-flow',
  group: 'authorization',
  title: 'A client identified by its metadata document URL is authorized, gets tokens and reaches the MCP host',
  spec: 'MCP 2026-07-28 authorization/client-registration, Client ID Metadata Documents (MUST validate and use the fetched document)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const documentUrl = ctx.settings.clientMetadataUrl;
    if (!documentUrl) {
      notVerified('needs --client-metadata-url: a client metadata document you host where the deployment can fetch it');
    }
    const grant = await ctx.authorize(await ctx.metadataClient(documentUrl));
    // In whichever era the deployment speaks: a client of either may be identified this way.
    const exchange = await tryToken(ctx, grant.tokens.accessToken);
    if (exchange.response.status !== 200 || !isObject(jsonRpcOf(exchange)?.result)) {
      fail(`the token issued to ${documentUrl} did not open the MCP host: it answered ${describeResponse(exchange)}`);
    }
    // A scope or audience defaulted differently for document clients shows only when a tool runs.
    const called = await tryToolCall(ctx, grant.tokens.accessToken, 'get_me');
    const result = jsonRpcOf(called)?.result;
    if (called.response.status !== 200 || !isObject(result) || result['isError'] === true) {
      fail(`the token issued to ${documentUrl} opened the MCP host but could not call get_me: it answered ${describeResponse(called)}`);
    }
    return `authorized with client_id ${documentUrl}, redeemed the code, and the MCP host answered a request and a get_me call with the token`;
  },
};
