import { type Check, fail, notVerified } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { badMetadataClient } from '../shared/bad-client-metadata.js';

export const badClientMetadataDocumentRefused: Check = {
  id: 'bad-client-metadata-document-refused',
  group: 'authorization',
  title: 'A client metadata document whose client_id differs from its URL gets an error page, never a redirect',
  spec: 'MCP 2026-07-28 authorization/client-registration (MUST validate that the client_id matches the URL exactly; draft-ietf-oauth-client-id-metadata-document §4.1)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { documentUrl, client } = await badMetadataClient(ctx);
    const { url } = await client.beginAuthorization();
    const outcome = await ctx.probe(url);
    switch (outcome.kind) {
      case 'sign-in-required':
        notVerified('the deployment asks for a sign-in before judging the client; run headless (--user/--password)');
      case 'callback':
        fail(`the deployment accepted the document at ${documentUrl} and redirected to ${outcome.url.origin}${outcome.url.pathname}`);
      case 'page':
        if (outcome.exchange.response.status < 400) {
          fail(`expected an error page for the mismatched document, got ${describeResponse(outcome.exchange)}`);
        }
        return `HTTP ${outcome.exchange.response.status} error page for client_id ${documentUrl}`;
    }
  },
};
