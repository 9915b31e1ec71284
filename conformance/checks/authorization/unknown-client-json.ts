import { type Check } from '../../check.js';
import { expectErrorBody } from '../../expect.js';
import { missingRedirectUriBranch, missingRedirectUriRequest } from './missing-redirect-uri.js';
import { unknownClientRequest, UNKNOWN_CLIENT_ID } from './unknown-client.js';

export const unknownClientJson: Check = {
  id: 'unknown-client-json',
  group: 'authorization',
  title: 'Asked for as JSON, an unknown client gets 400 {"error": "invalid_client"}, so the client re-registers, and a known one without redirect_uri gets invalid_request',
  spec: 'field notes: authorization endpoint (mcp-remote pre-checks a cached registration); RFC 6749 section 3.1.2.3',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const exchange = await ctx.http.send({ url: await unknownClientRequest(ctx), headers: { accept: 'application/json' } });
    expectErrorBody(exchange, 400, 'invalid_client', `the authorize URL of client_id "${UNKNOWN_CLIENT_ID}" with Accept: application/json`);
    // The client is known and its request not whole: invalid_client would send it to register again.
    const missing = await missingRedirectUriBranch(async () => {
      const { url, what } = await missingRedirectUriRequest(ctx);
      expectErrorBody(await ctx.http.send({ url, headers: { accept: 'application/json' } }), 400, 'invalid_request', `${what}, with Accept: application/json`);
      return '400 {"error": "invalid_request"} without redirect_uri';
    });
    return `400 {"error": "invalid_client"} in JSON for an unknown client; ${missing}`;
  },
};
