import { type Check, fail, notVerified } from '../../check.js';
import { errorCodeProblem } from './error-redirect.js';

export const resourceForeignInvalidTarget: Check = {
  id: 'resource-foreign-invalid-target',
  group: 'authorization',
  title: 'An authorization request for another resource, or for this one with a fragment, redirects back with invalid_target',
  spec: 'RFC 8707 section 2 (a resource that is not acceptable or is malformed, e.g. with a fragment, is refused with invalid_target); MCP authorization "Resource Parameter Implementation"',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const client = await ctx.client();
    const resources = ['https://conformance.invalid/another-resource', `${client.resource}#conformance`];
    const problems: string[] = [];
    for (const resource of resources) {
      const pending = await client.beginAuthorization({ resource });
      const outcome = await ctx.probe(pending.url);
      if (outcome.kind === 'sign-in-required') notVerified('the deployment asks for a sign-in before judging the request; run headless (--user/--password)');
      const problem = errorCodeProblem(outcome, 'invalid_target');
      if (problem) problems.push(`resource ${resource}: ${problem}`);
    }
    if (problems.length > 0) fail(problems.join('; '));
    return `${resources.join(' and ')}: each redirected back with invalid_target`;
  },
};
