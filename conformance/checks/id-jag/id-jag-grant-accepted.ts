import { fail, type Check } from '../../check.js';
import { MCP_SCOPE } from '../../client.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { useToken } from '../shared/use-token.js';
import { expectIssued, ID_JAG_SPEC, idJagRun, mintIdJag, redeem } from './id-jag.js';

export const idJagGrantAccepted: Check = {
  id: 'id-jag-grant-accepted',
  group: 'id-jag',
  title: 'A valid ID-JAG from the trusted identity provider is redeemed (jwt-bearer grant) for an access token with mcp_customer that the MCP endpoint accepts',
  spec: ID_JAG_SPEC,
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const run = await idJagRun(ctx);
    const body = expectIssued(await redeem(run, await mintIdJag(run)), `a valid ID-JAG for ${run.email} and the client ${run.client.clientId}`);
    if (body['scope'] !== undefined && body['scope'] !== MCP_SCOPE) fail(`scope is ${JSON.stringify(body['scope'])}, expected "${MCP_SCOPE}"`);
    const used = await useToken(ctx, String(body['access_token']));
    cite(used);
    if (used.response.status !== 200) fail(`the access token issued for the ID-JAG is not accepted at the MCP endpoint: ${describeResponse(used)}`);
    return `HTTP 200 with an access token (scope ${String(body['scope'] ?? `${MCP_SCOPE}, omitted`)}) that the MCP endpoint accepts`;
  },
};
