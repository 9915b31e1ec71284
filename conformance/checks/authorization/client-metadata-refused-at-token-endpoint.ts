import type { Check } from '../../check.js';
import { badMetadataClient } from '../shared/bad-client-metadata.js';
import { expectInvalidClient } from '../shared/invalid-client.js';

export const clientMetadataRefusedAtTokenEndpoint: Check = {
  id: 'client-metadata-refused-at-token-endpoint',
  group: 'authorization',
  title: 'A client whose metadata document is refused gets invalid_client at the token endpoint, on the code and the refresh grant',
  spec: 'RFC 6749 section 5.2 (invalid_client); draft-ietf-oauth-client-id-metadata-document §4.1 (the client_id MUST match the document URL)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { documentUrl, client } = await badMetadataClient(ctx);
    // The client is judged before the grant: neither the code nor the refresh token need be real.
    const code = await client.tokenRequest({
      grant_type: 'authorization_code',
      code: 'conformance-not-a-code',
      code_verifier: 'conformance-verifier-0123456789-0123456789-0123456789',
      redirect_uri: client.redirectUri,
    });
    expectInvalidClient(code, `a code grant from client_id ${documentUrl}`);
    const refresh = await client.tokenRequest({ grant_type: 'refresh_token', refresh_token: 'conformance-not-a-refresh-token' });
    expectInvalidClient(refresh, `a refresh grant from client_id ${documentUrl}`);
    return `client_id ${documentUrl}: HTTP ${code.response.status} invalid_client on the code grant, HTTP ${refresh.response.status} on the refresh grant`;
  },
};
