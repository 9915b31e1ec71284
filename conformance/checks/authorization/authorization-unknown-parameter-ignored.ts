import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';

export const authorizationUnknownParameterIgnored: Check = {
  id: 'authorization-unknown-parameter-ignored',
  group: 'authorization',
  title: 'An authorization request with a parameter the deployment does not know is approved as usual',
  spec: 'RFC 6749 section 3.1 (the authorization server MUST ignore unrecognized request parameters)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const client = await ctx.client();
    const pending = await client.beginAuthorization();
    // What newer clients send (e.g. an OpenID Connect prompt): unknown here, so to be ignored.
    pending.url.searchParams.set('conformance_extension', 'ignore-me');
    const outcome = await ctx.signIn().authorize(pending.url);
    if (outcome.kind !== 'callback') {
      fail(`with conformance_extension=ignore-me the approval never reached the redirect URI: ${outcome.kind === 'page' ? describeResponse(outcome.exchange) : 'a sign-in was asked for'}`);
    }
    const error = outcome.url.searchParams.get('error');
    if (error !== null || outcome.url.searchParams.get('code') === null) {
      fail(`with conformance_extension=ignore-me the request was refused: error "${error ?? 'none'}", no code`);
    }
    return 'an unknown parameter was ignored: the approval returned a code';
  },
};
