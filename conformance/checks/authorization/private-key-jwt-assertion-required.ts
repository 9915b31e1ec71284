import type { Check } from '../../check.js';
import { refusedAssertion } from './private-key-jwt.js';

export const privateKeyJwtAssertionRequired: Check = {
  id: 'private-key-jwt-assertion-required',
  group: 'authorization',
  title: 'A private_key_jwt client that sends no assertion is refused with invalid_client',
  spec: "RFC 7521 section 4.2; CIMD draft 4.1: the document's token_endpoint_auth_method binds the client",
  level: 'MUST',
  needsSignIn: true,
  run: (ctx) => refusedAssertion(ctx, () => undefined, 'a token request of the private_key_jwt client without client_assertion'),
};
