import type { Check } from '../../check.js';
import { refusedIdJag } from './id-jag.js';

export const idJagAudienceArrayRefused: Check = {
  id: 'id-jag-audience-array-refused',
  group: 'id-jag',
  title: 'An ID-JAG whose aud is an array (us among others) is refused with invalid_grant',
  spec: 'the draft section 3: aud is the issuer of the one resource authorization server; draft-ietf-oauth-rfc7523bis: a single audience (audience injection)',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) => refusedIdJag(ctx, (run) => ({ claims: { aud: [run.audience, 'https://another-server.example'] } }), 'an ID-JAG whose aud is an array naming this server and another'),
};
