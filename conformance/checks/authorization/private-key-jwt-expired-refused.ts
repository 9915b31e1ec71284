import type { Check } from '../../check.js';
import { refusedAssertion } from './private-key-jwt.js';

export const privateKeyJwtExpiredRefused: Check = {
  id: 'private-key-jwt-expired-refused',
  group: 'authorization',
  title: 'An expired client assertion is refused with invalid_client',
  spec: 'RFC 7523 section 3 (4): the JWT must not be used after exp',
  level: 'MUST',
  needsSignIn: true,
  run: (ctx) => refusedAssertion(ctx, () => ({ issuedAgo: 600, expiresIn: -540 }), 'an assertion that expired nine minutes ago'),
};
