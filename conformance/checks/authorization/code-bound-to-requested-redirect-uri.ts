import { type Check } from '../../check.js';
import { registrationRequest } from '../../client.js';
import { expectErrorBody, expectJsonObject } from '../../expect.js';
import { cite } from '../../http.js';
import { registerPolitely } from '../../registration.js';

export const codeBoundToRequestedRedirectUri: Check = {
  id: 'code-bound-to-requested-redirect-uri',
  group: 'authorization',
  title: "A code redeemed with another of its client's registered redirect URIs than the one it was requested for gets invalid_grant",
  spec: 'RFC 6749 sections 4.1.3 (identical to the authorization request\'s redirect_uri) and 10.6',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const requested = ctx.signIn().redirectUri;
    // Registered too: a deployment that compares with the client's list instead of the request takes it.
    const other = new URL('conformance-second-callback', requested).toString();
    const registration = await registerPolitely(ctx, registrationRequest('survey-mcp conformance (two redirect URIs)', [requested, other]));
    cite(registration);
    const clientId = expectJsonObject(registration, 'POST /register with two redirect URIs')['client_id'];
    const client = await ctx.metadataClient(String(clientId));
    const { callback, pending } = await ctx.authorizeCode(client);
    const exchange = await client.tokenRequest({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: other,
      code_verifier: pending.codeVerifier,
      resource: client.resource,
    });
    expectErrorBody(exchange, 400, 'invalid_grant', `a code requested for ${requested}, redeemed with the client's other registered redirect URI ${other}`);
    return `HTTP 400 invalid_grant for a code redeemed with the client's other registered redirect URI ${other}`;
  },
};
