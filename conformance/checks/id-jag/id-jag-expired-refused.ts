import type { Check } from '../../check.js';
import { refusedIdJag } from './id-jag.js';

export const idJagExpiredRefused: Check = {
  id: 'id-jag-expired-refused',
  group: 'id-jag',
  title: 'An expired ID-JAG is refused with invalid_grant',
  spec: 'RFC 7523 section 3 (4): the JWT MUST contain exp and is rejected after it',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) => refusedIdJag(ctx, () => ({ claims: { iat: Math.floor(Date.now() / 1000) - 900 }, expiresIn: -540 }), 'an ID-JAG that expired nine minutes ago'),
};
