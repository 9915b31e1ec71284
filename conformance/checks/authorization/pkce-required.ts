import { type Check } from '../../check.js';
import { expectAuthorizationRefused } from './refused-authorization.js';

export const pkceRequired: Check = {
  id: 'pkce-required',
  group: 'authorization',
  title: 'An authorization request without code_challenge is refused',
  spec: 'section 4.2 (PKCE required); OAuth 2.1 section 4.1.1',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) =>
    expectAuthorizationRefused(
      ctx,
      { code_challenge: undefined, code_challenge_method: undefined },
      'a request without code_challenge',
    ),
};
