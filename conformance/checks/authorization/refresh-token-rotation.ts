import { fail, type Check } from '../../check.js';
import { cite } from '../../http.js';
import { refreshRun } from './experiments.js';

export const refreshTokenRotation: Check = {
  id: 'refresh-token-rotation',
  group: 'authorization',
  title: 'Every refresh returns a new refresh token',
  spec: 'field notes: token endpoint (OAuth 2.1 section 4.3.1, public clients)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { grant, refreshed, refresh } = await refreshRun(ctx);
    cite(...refresh);
    if (!refreshed.refreshToken) fail('the refresh response has no refresh_token; a public client must get a rotated one');
    if (refreshed.refreshToken === grant.tokens.refreshToken) fail('the refresh response returned the same refresh token');
    return 'the refresh response carried a new refresh token';
  },
};
