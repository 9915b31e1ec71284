import type { Check } from '../../check.js';
import { refusedIdJag } from './id-jag.js';

export const idJagUnknownKeyRefused: Check = {
  id: 'id-jag-unknown-key-refused',
  group: 'id-jag',
  title: 'An ID-JAG signed by a key the identity provider does not publish is refused with invalid_grant',
  spec: 'RFC 7523 section 3 (9): the signature is validated with a key of the issuer',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) => refusedIdJag(ctx, () => ({ signing: 'stranger' }), 'an ID-JAG signed by another key under the provider kid'),
};
