import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { jsonOf } from '../../http.js';
import { isObject } from '../../mcp.js';
import { expectInvalidClient, privateKeyJwtListed, redeemWith, strangerAssertion } from './private-key-jwt.js';

/**
 * A client_assertion without its client_assertion_type is an assertion all the same: the request
 * lacks a parameter RFC 7521 section 4.2 requires, so it is refused as malformed (invalid_request)
 * or as a failed authentication (invalid_client), never served as if no assertion came with it.
 */
const UNTYPED_REFUSALS = ['invalid_client', 'invalid_request'];

export const privateKeyJwtPublicClientAssertionRefused: Check = {
  id: 'private-key-jwt-public-client-assertion-refused',
  group: 'authorization',
  title: 'A client assertion sent for a public client, which has no keys to verify it with, is refused with invalid_client, also without its client_assertion_type',
  spec: 'RFC 6749 section 4.1.3: the server authenticates the client if client authentication is included; RFC 7523 section 3: it validates the JWT; RFC 7521 section 4.2: client_assertion_type is required beside it',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { issuer } = await privateKeyJwtListed(ctx);
    const typed = await ctx.authorizeCode();
    const refused = await redeemWith(typed, await strangerAssertion(typed.client.clientId, issuer));
    const typedAnswer = expectInvalidClient(refused, "the runner's registered public client (token_endpoint_auth_method none) redeeming its code with a client assertion signed by a key it never published");
    const untyped = await ctx.authorizeCode();
    const exchange = await redeemWith(untyped, await strangerAssertion(untyped.client.clientId, issuer), 'untyped');
    const what = 'the same client redeeming a new code with such an assertion and no client_assertion_type';
    const body = jsonOf(exchange);
    if (exchange.response.status === 200) fail(`${what}: the deployment ignored the assertion and issued tokens`);
    if (![400, 401].includes(exchange.response.status) || !isObject(body) || !UNTYPED_REFUSALS.includes(String(body['error']))) {
      fail(`${what}: expected HTTP 400 or 401 with "error": "invalid_client" or "invalid_request", got ${describeResponse(exchange)}`);
    }
    return `${typedAnswer}; without client_assertion_type: HTTP ${exchange.response.status} ${String(body['error'])}`;
  },
};
