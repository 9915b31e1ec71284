import type { Check } from '../../check.js';
import { refusedAssertion } from './private-key-jwt.js';

export const privateKeyJwtIatFutureRefused: Check = {
  id: 'private-key-jwt-iat-future-refused',
  group: 'authorization',
  title: 'A client assertion issued (iat) over four minutes in the future is refused with invalid_client',
  spec: 'RFC 7523 section 3 (6) and RFC 7519 section 4.1.6: iat is when the JWT was issued, so one from the future beyond any clock skew was not signed for this request',
  level: 'SHOULD',
  needsSignIn: true,
  run: (ctx) => refusedAssertion(ctx, () => ({ issuedAgo: -250, expiresIn: 300 }), 'an assertion whose iat is 250 seconds in the future (its exp 300 seconds away)'),
};
