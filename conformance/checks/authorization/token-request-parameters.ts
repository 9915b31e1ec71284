import { randomPKCECodeVerifier } from 'openid-client';
import { fail, type Check } from '../../check.js';
import { describeResponse, expectErrorBody } from '../../expect.js';
import { jsonOf, type Exchange } from '../../http.js';
import { refreshRaw } from './experiments.js';

/** The refresh token an approved renewal hands on: its successor, or itself when not rotated. */
function renewed(exchange: Exchange, what: string, presented: string): string {
  const body = jsonOf(exchange) as { access_token?: unknown; refresh_token?: unknown } | undefined;
  if (exchange.response.status !== 200 || typeof body?.access_token !== 'string') fail(`${what} was refused: ${describeResponse(exchange)}`);
  return typeof body.refresh_token === 'string' ? body.refresh_token : presented;
}

export const tokenRequestParameters: Check = {
  id: 'token-request-parameters',
  group: 'authorization',
  title: 'The token endpoint takes an empty parameter as omitted, ignores an unknown one and refuses a repeated one',
  spec: 'RFC 6749 section 3.2 (parameters sent without a value MUST be treated as omitted; unrecognized parameters MUST be ignored; parameters MUST NOT be included more than once)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    if (!tokens.refreshToken) fail('the token response has no refresh_token to renew with (see refresh-grant)');
    const afterEmpty = renewed(await refreshRaw(client, tokens.refreshToken, { resource: '' }), 'a refresh with resource= (empty)', tokens.refreshToken);
    renewed(await refreshRaw(client, afterEmpty, { conformance_extension: 'ignore-me' }), 'a refresh with conformance_extension=ignore-me', afterEmpty);
    const code = 'conformance-unknown-code';
    const repeated = await client.tokenRequest([
      ['grant_type', 'authorization_code'],
      ['code', code],
      ['code', code],
      ['redirect_uri', client.redirectUri],
      ['code_verifier', randomPKCECodeVerifier()],
    ]);
    expectErrorBody(repeated, 400, 'invalid_request', 'a code redemption that gives code twice');
    return 'an empty resource was taken as omitted, an unknown parameter ignored, a repeated code refused with invalid_request';
  },
};
