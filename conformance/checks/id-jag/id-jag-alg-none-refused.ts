import type { Check } from '../../check.js';
import { refusedIdJag } from './id-jag.js';

export const idJagAlgNoneRefused: Check = {
  id: 'id-jag-alg-none-refused',
  group: 'id-jag',
  title: 'An unsigned ID-JAG (alg none) is refused with invalid_grant',
  spec: 'RFC 7523 section 3 (9): the JWT MUST be digitally signed',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) => refusedIdJag(ctx, () => ({ signing: 'none' }), 'an ID-JAG with alg none and no signature'),
};
