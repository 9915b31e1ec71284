import { skip, type Check } from '../../check.js';
import { expectErrorRedirect } from './error-redirect.js';

export const resourceForeignInvalidTarget: Check = {
  id: 'resource-foreign-invalid-target',
  group: 'authorization',
  title: 'An authorization request for another resource redirects back with invalid_target',
  spec: 'RFC 8707 section 2 (a resource the server does not accept is refused with invalid_target); MCP authorization "Resource Parameter Implementation"',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const client = await ctx.client();
    const pending = await client.beginAuthorization({ resource: 'https://conformance.invalid/another-resource' });
    const outcome = await ctx.probe(pending.url);
    if (outcome.kind === 'sign-in-required') skip('the deployment asks for a sign-in before judging the request; run headless (--user/--password)');
    return expectErrorRedirect(outcome, pending, ['invalid_target'], ctx.target.baseUrl, 'resource https://conformance.invalid/another-resource');
  },
};
