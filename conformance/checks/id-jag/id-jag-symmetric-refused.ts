import type { Check } from '../../check.js';
import { refusedIdJag } from './id-jag.js';

export const idJagSymmetricRefused: Check = {
  id: 'id-jag-symmetric-refused',
  group: 'id-jag',
  title: 'An ID-JAG signed with a shared-secret MAC (HS256) is refused with invalid_grant',
  spec: 'RFC 7523 section 3 (9); RFC 8725 section 3.1: the provider signs with its private key, so a MAC is not its signature',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) => refusedIdJag(ctx, () => ({ signing: 'HS256' }), 'an ID-JAG under HS256 with a made-up secret'),
};
