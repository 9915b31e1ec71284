import { type Check } from '../../check.js';
import { expectAuthorizationRefused } from './refused-authorization.js';

export const pkceUnknownMethodRefused: Check = {
  id: 'pkce-unknown-method-refused',
  group: 'authorization',
  title: 'An authorization request with an unknown PKCE method is refused',
  spec: 'field notes: authorization endpoint (RFC 7636 section 4.4.1)',
  level: 'SHOULD',
  needsSignIn: false,
  run: (ctx) =>
    expectAuthorizationRefused(ctx, { code_challenge_method: 'S512' }, 'a request with code_challenge_method S512'),
};
