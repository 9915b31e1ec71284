import { fail, type Check } from '../../check.js';
import { describeResponse, expectErrorBody } from '../../expect.js';
import { cite, jsonOf } from '../../http.js';

export const tokenParametersOtherGrant: Check = {
  id: 'token-parameters-other-grant',
  group: 'authorization',
  title: 'A code redemption with an empty and an unknown parameter succeeds, and a refresh repeating refresh_token is refused',
  spec: 'RFC 6749 section 3.2 (parameters sent without a value MUST be treated as omitted; unrecognized parameters MUST be ignored; parameters MUST NOT be included more than once)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { client, pending, callback } = await ctx.authorizeCode();
    // token-request-parameters tries these forms on the other grant: each rule binds both.
    const redemption = await client.tokenRequest({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: `${callback.origin}${callback.pathname}`,
      code_verifier: pending.codeVerifier,
      resource: '',
      conformance_extension: 'ignore-me',
    });
    const body = jsonOf(redemption) as { access_token?: unknown; refresh_token?: unknown } | undefined;
    if (redemption.response.status !== 200 || typeof body?.access_token !== 'string') {
      fail(`a code redemption with resource= (empty) and conformance_extension=ignore-me was refused: ${describeResponse(redemption)}`);
    }
    if (typeof body.refresh_token !== 'string') fail('the code redemption issued no refresh_token to repeat');
    const repeated = await client.tokenRequest([
      ['grant_type', 'refresh_token'],
      ['refresh_token', body.refresh_token],
      ['refresh_token', body.refresh_token],
    ]);
    cite(redemption, repeated);
    expectErrorBody(repeated, 400, 'invalid_request', 'a refresh that gives refresh_token twice');
    return 'a code redemption with an empty resource and an unknown parameter succeeded; a refresh with refresh_token twice was refused with invalid_request';
  },
};
