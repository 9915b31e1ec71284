import type { Check } from '../../check.js';
import { refusedIdJag } from './id-jag.js';

export const idJagIatFutureRefused: Check = {
  id: 'id-jag-iat-future-refused',
  group: 'id-jag',
  title: 'An ID-JAG issued in the future beyond clock skew is refused with invalid_grant',
  spec: 'RFC 7523 section 3 (6): the server may reject JWTs with an unreasonable iat',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) => refusedIdJag(ctx, () => ({ claims: { iat: Math.floor(Date.now() / 1000) + 600 }, expiresIn: 660 }), 'an ID-JAG issued ten minutes in the future'),
};
