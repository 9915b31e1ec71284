import { type Check } from '../../check.js';
import { expectErrorBody } from '../../expect.js';
import { unknownClientRequest, UNKNOWN_CLIENT_ID } from './unknown-client.js';

export const unknownClientJson: Check = {
  id: 'unknown-client-json',
  group: 'authorization',
  title: 'An unknown client asked for as JSON gets 400 {"error": "invalid_client"}, so the client re-registers',
  spec: 'field notes: authorization endpoint (mcp-remote pre-checks a cached registration)',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const exchange = await ctx.http.send({ url: await unknownClientRequest(ctx), headers: { accept: 'application/json' } });
    expectErrorBody(exchange, 400, 'invalid_client', `the authorize URL of client_id "${UNKNOWN_CLIENT_ID}" with Accept: application/json`);
    return '400 {"error": "invalid_client"} in JSON';
  },
};
