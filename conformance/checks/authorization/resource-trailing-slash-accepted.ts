import { fail, type Check } from '../../check.js';
import { describeResponse, expectJsonObject, expectStatus } from '../../expect.js';
import { useToken } from '../shared/use-token.js';

export const resourceTrailingSlashAccepted: Check = {
  id: 'resource-trailing-slash-accepted',
  group: 'authorization',
  title: 'A resource sent back with a trailing slash is accepted at authorize, token and MCP endpoints',
  spec: 'field notes: MCP host (accept both forms of resource where a client sends it back); RFC 8707',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const client = await ctx.client();
    const resource = `${ctx.target.baseUrl}/`;
    const pending = await client.beginAuthorization({ resource });
    const outcome = await ctx.signIn().authorize(pending.url);
    if (outcome.kind !== 'callback') fail(`the authorization with resource "${resource}" stopped at a page instead of redirecting`);
    const code = outcome.url.searchParams.get('code');
    if (!code) fail(`the authorization with resource "${resource}" was refused with error "${outcome.url.searchParams.get('error')}"`);
    const redemption = await client.tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${outcome.url.origin}${outcome.url.pathname}`,
      code_verifier: pending.codeVerifier,
      resource,
    });
    expectStatus(redemption, 200, `redeeming the code with resource "${resource}"`);
    const accessToken = expectJsonObject(redemption, 'the token response')['access_token'];
    if (typeof accessToken !== 'string') fail('the token response has no access_token');
    const use = await useToken(ctx, accessToken);
    if (use.response.status !== 200) fail(`the token issued for "${resource}" was refused by the MCP endpoint: ${describeResponse(use)}`);
    return `resource "${resource}" accepted at authorize and token, and its token works`;
  },
};
