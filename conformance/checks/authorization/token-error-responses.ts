import { randomPKCECodeVerifier } from 'openid-client';
import { type Check } from '../../check.js';
import { expectErrorBody } from '../../expect.js';

export const tokenErrorResponses: Check = {
  id: 'token-error-responses',
  group: 'authorization',
  title: 'The token endpoint answers bad requests with 400 and an RFC 6749 error code',
  spec: 'section 4.2 (standard OAuth 2.0); RFC 6749 section 5.2',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const client = await ctx.client();
    const unknownCode = await client.tokenRequest({
      grant_type: 'authorization_code',
      code: 'conformance-unknown-code',
      redirect_uri: client.redirectUri,
      code_verifier: randomPKCECodeVerifier(),
    });
    expectErrorBody(unknownCode, 400, 'invalid_grant', 'redeeming a code that was never issued');
    const missingCode = await client.tokenRequest({
      grant_type: 'authorization_code',
      redirect_uri: client.redirectUri,
      code_verifier: randomPKCECodeVerifier(),
    });
    expectErrorBody(missingCode, 400, 'invalid_request', 'an authorization_code request without a code');
    const unknownGrant = await client.tokenRequest({ grant_type: 'urn:example:conformance-unknown-grant' });
    expectErrorBody(unknownGrant, 400, 'unsupported_grant_type', 'an unknown grant_type');
    // RFC 6749 section 5.2 allows 401 for invalid_client as well.
    const unknownClient = await client.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: 'conformance-unknown-token',
      client_id: 'conformance-unknown-client',
    });
    expectErrorBody(unknownClient, unknownClient.response.status === 401 ? 401 : 400, 'invalid_client', 'a client_id never registered');
    return 'an unknown code got invalid_grant, a missing one invalid_request, an unknown grant type unsupported_grant_type, an unknown client invalid_client';
  },
};
