import type { Check } from '../../check.js';
import { refusedAssertion } from './private-key-jwt.js';

export const privateKeyJwtWrongKeyRefused: Check = {
  id: 'private-key-jwt-wrong-key-refused',
  group: 'authorization',
  title: 'A client assertion signed by a key the document does not publish is refused with invalid_client',
  spec: 'RFC 7523 section 3 (9): the JWT must be digitally signed by the client, verified with its keys',
  level: 'MUST',
  needsSignIn: true,
  run: (ctx) => refusedAssertion(ctx, () => ({ strangerKey: true }), 'an assertion signed by another key under the published kid'),
};
