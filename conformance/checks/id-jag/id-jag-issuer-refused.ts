import type { Check } from '../../check.js';
import { refusedIdJag } from './id-jag.js';

export const idJagIssuerRefused: Check = {
  id: 'id-jag-issuer-refused',
  group: 'id-jag',
  title: 'An ID-JAG from an issuer other than the trusted identity provider is refused with invalid_grant',
  spec: 'RFC 7523 section 3 (1): iss identifies a trusted issuer',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) => refusedIdJag(ctx, () => ({ claims: { iss: 'https://another-idp.example' } }), 'an ID-JAG with iss https://another-idp.example'),
};
