import { fail, type Check } from '../../check.js';
import { outcomeOf } from './authorization-outcome.js';

export const authorizationEmptyParameterOmitted: Check = {
  id: 'authorization-empty-parameter-omitted',
  group: 'authorization',
  title: 'An authorization request with an empty resource= is answered as the same request without resource',
  spec: 'RFC 6749 section 3.1 (parameters sent without a value MUST be treated as if they were omitted from the request)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const client = await ctx.client();
    const empty = outcomeOf(await ctx.signIn().authorize((await client.beginAuthorization({ resource: '' })).url));
    if (empty === 'code') return 'with resource= (empty) the approval returned a code, as without resource';
    // Refusing a request without resource is allowed (RFC 8707 section 2.1): the two must agree.
    const omitted = outcomeOf(await ctx.signIn().authorize((await client.beginAuthorization({ resource: undefined })).url));
    if (empty !== omitted) fail(`with resource= (empty) the approval ended in ${empty}; without resource, in ${omitted}`);
    return `with and without an empty resource the approval ended in ${empty}`;
  },
};
