import { type Check } from '../../check.js';
import { documentUrlOf, expectErrorPage } from './client-metadata-refusal.js';

export const clientMetadataMissingDocumentRefused: Check = {
  id: 'client-metadata-missing-document-refused',
  group: 'authorization',
  title: 'An https client_id whose document cannot be fetched gets an error page, never a redirect',
  spec: 'draft-ietf-oauth-client-id-metadata-document section 4 (a status other than 200 is an error) and 4.3 (Metadata Discovery Errors: abort the request)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const documentUrl = documentUrlOf(ctx);
    const client = await ctx.metadataClient(documentUrl);
    // A sibling of the operator's document on the same host, which nobody publishes.
    const missing = new URL('conformance-no-such-client-document.json', documentUrl).toString();
    const { url } = await client.beginAuthorization();
    url.searchParams.set('client_id', missing);
    const status = await expectErrorPage(ctx, url, `the client_id ${missing}, which has no document`);
    return `HTTP ${status} error page for ${missing}`;
  },
};
