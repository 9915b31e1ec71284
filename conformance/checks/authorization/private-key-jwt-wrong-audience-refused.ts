import type { Check } from '../../check.js';
import { refusedAssertion } from './private-key-jwt.js';

export const privateKeyJwtWrongAudienceRefused: Check = {
  id: 'private-key-jwt-wrong-audience-refused',
  group: 'authorization',
  title: 'A client assertion whose aud names another server is refused with invalid_client',
  spec: 'RFC 7523 section 3 (3): aud identifies the authorization server',
  level: 'MUST',
  needsSignIn: true,
  run: (ctx) => refusedAssertion(ctx, () => ({ aud: 'https://another-server.example' }), 'an assertion whose aud is https://another-server.example'),
};
