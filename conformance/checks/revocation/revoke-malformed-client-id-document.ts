import type { Check } from '../../check.js';
import { expectInvalidClient } from '../shared/invalid-client.js';

/** A client_id of metadata-document form that breaks the draft's URL rules: it has a fragment. */
const MALFORMED_DOCUMENT_CLIENT_ID = 'https://client.example/oauth/conformance.json#fragment';

export const revokeMalformedClientIdDocument: Check = {
  id: 'revoke-malformed-client-id-document',
  group: 'revocation',
  title: 'A revocation request from a client_id of document form that breaks its URL rules gets invalid_client',
  spec: 'RFC 7009 section 2.1 (the server authenticates the client first) and 2.2.1 (invalid_client); draft-ietf-oauth-client-id-metadata-document §3 (a client_id URL MUST NOT contain a fragment)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const client = await ctx.client();
    const exchange = await client.revocationRequest({ client_id: MALFORMED_DOCUMENT_CLIENT_ID, token: 'conformance-not-a-token', token_type_hint: 'access_token' });
    expectInvalidClient(exchange, `a revocation request from client_id ${MALFORMED_DOCUMENT_CLIENT_ID}`);
    return `client_id ${MALFORMED_DOCUMENT_CLIENT_ID} at the revocation endpoint: HTTP ${exchange.response.status} invalid_client`;
  },
};
