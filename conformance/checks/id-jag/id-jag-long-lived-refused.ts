import type { Check } from '../../check.js';
import { refusedIdJag } from './id-jag.js';

export const idJagLongLivedRefused: Check = {
  id: 'id-jag-long-lived-refused',
  group: 'id-jag',
  title: 'An ID-JAG valid for an hour is refused as long-lived with invalid_grant',
  spec: 'RFC 7523 section 3 (4): the server may reject JWTs with an unreasonably far exp; the draft: ID-JAGs are short-lived',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) => refusedIdJag(ctx, () => ({ expiresIn: 3600 }), 'an ID-JAG valid for an hour'),
};
