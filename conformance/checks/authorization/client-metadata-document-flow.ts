import { fail, skip, type Check } from '../../check.js';
import { cite } from '../../http.js';

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
      skip('needs --client-metadata-url: a client metadata document you host where the deployment can fetch it');
    }
    const grant = await ctx.authorize(await ctx.metadataClient(documentUrl));
    const { exchange, message } = await ctx.mcp.initialize(grant.tokens.accessToken);
    cite(exchange);
    if (exchange.response.status !== 200 || typeof message?.result?.['protocolVersion'] !== 'string') {
      fail(`the token issued to ${documentUrl} did not open the MCP host: initialize answered HTTP ${exchange.response.status}`);
    }
    return `authorized with client_id ${documentUrl}, redeemed the code and initialized with the token`;
  },
};
