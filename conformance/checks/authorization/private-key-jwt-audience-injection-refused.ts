import type { Check } from '../../check.js';
import { refusedAssertion } from './private-key-jwt.js';

export const privateKeyJwtAudienceInjectionRefused: Check = {
  id: 'private-key-jwt-audience-injection-refused',
  group: 'authorization',
  title: "A client assertion whose aud is an array naming another server's token endpoint beside this one's (the audience-injection form) is refused with invalid_client",
  spec: 'draft-ietf-oauth-rfc7523bis (audience injection): the token endpoint URL is at most a single string, never one audience among others',
  level: 'SHOULD',
  needsSignIn: true,
  run: (ctx) => refusedAssertion(ctx, (run) => ({ aud: ['https://another-server.example/token', run.tokenEndpoint] }), 'an assertion whose aud is the array ["https://another-server.example/token", the token endpoint]'),
};
