import { fail, type Check } from '../../check.js';
import { outcomeOf } from './authorization-outcome.js';

export const authorizationWithoutScope: Check = {
  id: 'authorization-without-scope',
  group: 'authorization',
  title: 'An authorization request without scope is approved with a default scope, or refused with invalid_scope',
  spec: 'RFC 6749 section 3.3 (without scope the server MUST process the request using a pre-defined default value or fail it indicating an invalid scope)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const client = await ctx.client();
    const outcome = outcomeOf(await ctx.signIn().authorize((await client.beginAuthorization({ scope: undefined })).url));
    if (outcome !== 'code' && outcome !== 'error invalid_scope') fail(`without scope the approval ended in ${outcome}, not a code or invalid_scope`);
    return outcome === 'code' ? 'without scope the approval returned a code (a default scope)' : 'without scope the request was refused with invalid_scope';
  },
};
