import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { jsonOf } from '../../http.js';

const ANOTHER_RESOURCE = 'https://conformance.invalid/another-resource';

export const codeResourceInvalidTarget: Check = {
  id: 'code-resource-invalid-target',
  group: 'authorization',
  title: 'Redeeming a code for another resource than the one authorized gets 400 invalid_target',
  spec: 'RFC 8707 section 2.2 (acceptable resources at the token endpoint are limited to those granted) and section 2.1 (SHOULD invalid_target)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const { client, pending, callback } = await ctx.authorizeCode();
    const exchange = await client.tokenRequest({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: `${callback.origin}${callback.pathname}`,
      code_verifier: pending.codeVerifier,
      resource: ANOTHER_RESOURCE,
    });
    const error = (jsonOf(exchange) as { error?: unknown } | undefined)?.error;
    if (exchange.response.status !== 400 || error !== 'invalid_target') {
      fail(`redeeming a code authorized for ${client.resource} with resource ${ANOTHER_RESOURCE}: expected 400 invalid_target, got ${describeResponse(exchange)}`);
    }
    return `HTTP 400 invalid_target for a code redeemed with resource ${ANOTHER_RESOURCE}`;
  },
};
