import type { Check } from '../../check.js';
import { refusedIdJag } from './id-jag.js';

export const idJagIatFutureRefused: Check = {
  id: 'id-jag-iat-future-refused',
  group: 'id-jag',
  title: 'An ID-JAG issued in the future beyond clock skew is refused with invalid_grant',
  spec: 'RFC 7523 section 3 (6): the server may reject JWTs with an unreasonable iat',
  level: 'MUST',
  needsSignIn: false,
  // Four minutes ahead and valid for five from now: within any lifetime bound, so only iat is wrong.
  run: (ctx) => refusedIdJag(ctx, () => ({ claims: { iat: Math.floor(Date.now() / 1000) + 240 }, expiresIn: 300 }), 'an ID-JAG issued four minutes in the future'),
};
