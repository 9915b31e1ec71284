import type { Check } from '../../check.js';
import { cite } from '../../http.js';
import { authorizeJwtClient, expectInvalidClient, expectTokens, JWT_BEARER, privateKeyJwtRun, redeemWith, signAssertion } from './private-key-jwt.js';

export const privateKeyJwtJtiReplayRefused: Check = {
  id: 'private-key-jwt-jti-replay-refused',
  group: 'authorization',
  title: 'A client assertion is accepted once: replayed (same jti), it is refused with invalid_client',
  spec: 'RFC 7523 section 3 (7): the server may ensure a JWT is not replayed by keeping its jti; RFC 7521 section 5.2',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const run = await privateKeyJwtRun(ctx);
    const authorization = await authorizeJwtClient(run);
    const once = await signAssertion(run);
    const tokens = expectTokens(await redeemWith(authorization, once), 'the code redeemed with a valid assertion');
    const replayed = await authorization.client.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: String(tokens['refresh_token'] ?? ''),
      client_assertion_type: JWT_BEARER,
      client_assertion: once,
    });
    cite(replayed);
    return expectInvalidClient(replayed, 'the same assertion (same jti) sent again with the refresh grant');
  },
};
