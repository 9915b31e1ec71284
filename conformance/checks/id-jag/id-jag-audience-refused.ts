import type { Check } from '../../check.js';
import { refusedIdJag } from './id-jag.js';

export const idJagAudienceRefused: Check = {
  id: 'id-jag-audience-refused',
  group: 'id-jag',
  title: 'An ID-JAG addressed to another server is refused with invalid_grant',
  spec: 'RFC 7523 section 3 (3): aud identifies the authorization server; the draft section 3: aud is its issuer',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) => refusedIdJag(ctx, () => ({ claims: { aud: 'https://another-server.example' } }), 'an ID-JAG whose aud is https://another-server.example'),
};
