import type { Check } from '../../check.js';
import { refusedAssertion } from './private-key-jwt.js';

export const privateKeyJwtExpiredRefused: Check = {
  id: 'private-key-jwt-expired-refused',
  group: 'authorization',
  title: 'An expired client assertion is refused with invalid_client',
  spec: 'RFC 7523 section 3 (4): the JWT must not be used after exp',
  level: 'MUST',
  needsSignIn: true,
  // Issued recently enough that a refusal for its age (iat) alone does not pass for one of exp.
  run: (ctx) => refusedAssertion(ctx, () => ({ issuedAgo: 240, expiresIn: -120 }), 'an assertion that expired two minutes ago (issued four minutes ago)'),
};
