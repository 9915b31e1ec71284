import { type Check } from '../../check.js';
import { documentUrlOf, expectErrorPage } from './client-metadata-refusal.js';

/**
 * A host that never resolves (RFC 6761 reserves .invalid): the fetch fails without any HTTP
 * status, the branch a deployment that aborts on a 404 alone takes for a client without metadata.
 */
const UNREACHABLE_DOCUMENT = 'https://client-metadata.conformance.invalid/oauth/client.json';

export const clientMetadataMissingDocumentRefused: Check = {
  id: 'client-metadata-missing-document-refused',
  group: 'authorization',
  title: 'An https client_id without a document of its own (none published, its host unreachable, or the operator\'s URL with a query added) gets an error page, never a redirect',
  spec: 'draft-ietf-oauth-client-id-metadata-document sections 3 (a client_id URL may carry a query: another URL, another client), 4 (a status other than 200 is an error; the document\'s client_id is its URL) and 4.3 (Metadata Discovery Errors: abort the request)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const documentUrl = documentUrlOf(ctx);
    const client = await ctx.metadataClient(documentUrl);
    // A sibling of the operator's document on the same host, which nobody publishes.
    const missing = new URL('conformance-no-such-client-document.json', documentUrl).toString();
    // Another client_id: its host answers 404, or (ignoring the query) the operator's document, whose client_id is not this URL.
    const queried = new URL(documentUrl);
    queried.searchParams.set('conformance', 'another-client');
    const statuses: string[] = [];
    for (const [clientId, why] of [
      [missing, 'which has no document'],
      [UNREACHABLE_DOCUMENT, 'whose host cannot be reached'],
      [queried.toString(), "the operator's document URL with a query added, a client_id no document names"],
    ] as const) {
      const { url } = await client.beginAuthorization();
      url.searchParams.set('client_id', clientId);
      statuses.push(`HTTP ${await expectErrorPage(ctx, url, `the client_id ${clientId}, ${why}`)} error page for ${clientId}`);
    }
    return statuses.join('; ');
  },
};
