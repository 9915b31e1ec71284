import { type Check } from '../../check.js';
import { revoke } from './revocation.js';

export const revokeUnknownToken200: Check = {
  id: 'revoke-unknown-token-200',
  group: 'revocation',
  title: 'Revoking a token the deployment does not know answers 200',
  spec: 'section 4.2 (standard OAuth 2.0); RFC 7009 section 2.2',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    await revoke(await ctx.client(), 'conformance-unknown-token', 'access_token');
    return 'HTTP 200 for an unknown token';
  },
};
