import type { Check } from '../../check.js';
import { refusedAssertion } from './private-key-jwt.js';

/** Another client, when the run was given one of the same key: a deployment that picks the key by client_id alone then cannot tell. */
const OTHER_CLIENT = 'https://another-client.example/oauth/client.json';

export const privateKeyJwtSubjectRefused: Check = {
  id: 'private-key-jwt-subject-refused',
  group: 'authorization',
  title: 'A client assertion whose sub names another client than the one it authenticates is refused with invalid_client',
  spec: 'RFC 7523 section 3 (2): for client authentication, sub is the client_id of the client',
  level: 'MUST',
  needsSignIn: true,
  run: (ctx) =>
    refusedAssertion(
      ctx,
      (run) => ({ subject: run.jwt.documentUrls.find((url) => url !== run.documentUrl) ?? OTHER_CLIENT }),
      'an assertion whose sub names another client',
    ),
};
