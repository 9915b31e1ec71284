import { type Check } from '../../check.js';
import { expectErrorBody } from '../../expect.js';
import { cite } from '../../http.js';
import { spentRefresh } from './experiments.js';

export const spentRefreshTokenRefused: Check = {
  id: 'spent-refresh-token-refused',
  group: 'authorization',
  title: 'A refresh token already exchanged is refused with invalid_grant',
  spec: 'field notes: token endpoint (OAuth 2.1 section 4.3.1)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { reuse } = await spentRefresh(ctx);
    cite(reuse);
    expectErrorBody(reuse, 400, 'invalid_grant', 'presenting the spent refresh token again');
    return 'the spent refresh token got 400 invalid_grant';
  },
};
