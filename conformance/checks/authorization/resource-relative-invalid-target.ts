import { type Check, fail, notVerified } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { jsonOf } from '../../http.js';
import { errorCodeProblem } from './error-redirect.js';
import { refreshRaw } from './experiments.js';

/** Not an absolute URI: what a client that took the path for the resource would send. */
const RELATIVE = 'mcp';

export const resourceRelativeInvalidTarget: Check = {
  id: 'resource-relative-invalid-target',
  group: 'authorization',
  title: 'A resource that is not an absolute URI (or has a fragment) is refused with invalid_target, at the authorization and the token endpoint',
  spec: 'RFC 8707 section 2 (the resource MUST be an absolute URI; a malformed one is refused with invalid_target)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const client = await ctx.client();
    const pending = await client.beginAuthorization({ resource: RELATIVE });
    const outcome = await ctx.probe(pending.url);
    if (outcome.kind === 'sign-in-required') notVerified('the deployment asks for a sign-in before judging the request; run headless (--user/--password)');
    const problem = errorCodeProblem(outcome, 'invalid_target');
    if (problem) fail(`an authorization request with resource=${RELATIVE}: ${problem}`);
    const { tokens } = await ctx.authorize();
    if (!tokens.refreshToken) fail('the token response carried no refresh token to renew with');
    const renewal = await refreshRaw(client, tokens.refreshToken, { resource: RELATIVE });
    const error = (jsonOf(renewal) as { error?: unknown } | undefined)?.error;
    if (renewal.response.status !== 400 || error !== 'invalid_target') {
      fail(`a refresh with resource=${RELATIVE}: expected 400 invalid_target, got ${describeResponse(renewal)}`);
    }
    // Its own resource with a fragment: a deployment that drops the fragment before comparing takes it.
    const withFragment = `${client.resource}#conformance`;
    const fragment = await refreshRaw(client, tokens.refreshToken, { resource: withFragment });
    const fragmentError = (jsonOf(fragment) as { error?: unknown } | undefined)?.error;
    if (fragment.response.status !== 400 || fragmentError !== 'invalid_target') {
      fail(`a refresh with resource=${withFragment}: expected 400 invalid_target (a resource has no fragment), got ${describeResponse(fragment)}`);
    }
    return `resource=${RELATIVE} was refused with invalid_target by the authorization endpoint and by the token endpoint, and a refresh's resource with a fragment too`;
  },
};
