import { fail, type Check } from '../../check.js';
import { captureExchanges, cite } from '../../http.js';

/** Rotations in a row: a deployment that rotates the first refresh only is caught on the second. */
const ROTATIONS = 2;

export const refreshTokenRotation: Check = {
  id: 'refresh-token-rotation',
  group: 'authorization',
  title: 'Every refresh returns a new refresh token, the second as well as the first',
  spec: 'field notes: token endpoint (OAuth 2.1 section 4.3.1, public clients)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    // A grant of its own: the shared refresh run's tokens are presented again by the replay checks.
    const { client, tokens } = await ctx.authorize();
    const seen = [tokens.refreshToken];
    for (let rotation = 1; rotation <= ROTATIONS; rotation += 1) {
      const current = seen.at(-1);
      if (!current) fail(rotation === 1 ? 'the token response has no refresh_token' : `refresh ${rotation - 1} returned no refresh_token; a public client must get a rotated one`);
      const refresh = await captureExchanges(() => client.refresh(current));
      cite(...refresh.exchanges);
      if (!refresh.ok) throw refresh.error;
      const next = refresh.value.refreshToken;
      if (!next) fail(`refresh ${rotation} returned no refresh_token; a public client must get a rotated one`);
      if (seen.includes(next)) fail(`refresh ${rotation} returned a refresh token already issued${rotation > 1 ? ': rotation stopped after the first refresh' : ''}`);
      seen.push(next);
    }
    return `each of ${ROTATIONS} refreshes in a row carried a new refresh token`;
  },
};
