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
  title: 'An https client_id whose document cannot be fetched (none published, or its host unreachable) gets an error page, never a redirect',
  spec: 'draft-ietf-oauth-client-id-metadata-document section 4 (a status other than 200 is an error) and 4.3 (Metadata Discovery Errors: abort the request)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const documentUrl = documentUrlOf(ctx);
    const client = await ctx.metadataClient(documentUrl);
    // A sibling of the operator's document on the same host, which nobody publishes.
    const missing = new URL('conformance-no-such-client-document.json', documentUrl).toString();
    const statuses: string[] = [];
    for (const [clientId, why] of [
      [missing, 'which has no document'],
      [UNREACHABLE_DOCUMENT, 'whose host cannot be reached'],
    ] as const) {
      const { url } = await client.beginAuthorization();
      url.searchParams.set('client_id', clientId);
      statuses.push(`HTTP ${await expectErrorPage(ctx, url, `the client_id ${clientId}, ${why}`)} error page for ${clientId}`);
    }
    return statuses.join('; ');
  },
};
