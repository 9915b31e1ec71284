import type { Check } from '../../check.js';
import { refusedAssertion } from './private-key-jwt.js';

export const privateKeyJwtIatTooOldRefused: Check = {
  id: 'private-key-jwt-iat-too-old-refused',
  group: 'authorization',
  title: 'A client assertion issued (iat) a year ago, though its exp is a minute away, is refused with invalid_client',
  spec: 'RFC 7523 section 3 (6): the server may reject a JWT whose iat is unreasonably far in the past',
  level: 'SHOULD',
  needsSignIn: true,
  run: (ctx) => refusedAssertion(ctx, () => ({ issuedAgo: 365 * 86_400, expiresIn: 60 }), 'an assertion whose iat is a year old (its exp a minute away)'),
};
