import type { Check } from '../../check.js';
import { refusedAssertion } from './private-key-jwt.js';

export const privateKeyJwtAudienceArrayRefused: Check = {
  id: 'private-key-jwt-audience-array-refused',
  group: 'authorization',
  title: 'A client assertion whose aud is an array, even one naming the issuer, is refused with invalid_client',
  spec: "draft-ietf-oauth-rfc7523bis: aud is the authorization server's issuer identifier as a single string; RFC 7523 section 3 (3)",
  level: 'SHOULD',
  needsSignIn: true,
  run: (ctx) => refusedAssertion(ctx, (run) => ({ aud: ['https://another-server.example', run.issuer] }), 'an assertion whose aud is the array ["https://another-server.example", the issuer]'),
};
