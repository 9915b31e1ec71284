import { type Check } from '../../check.js';
import { NotJsonBody, registrationRequest } from '../../client.js';
import { DEFAULT_REDIRECT_URI } from '../../sign-in.js';
import { expectRefusals } from './refusals.js';

const valid = registrationRequest('survey-mcp conformance (refused metadata)', [DEFAULT_REDIRECT_URI]);

export const registrationRefusesBadMetadata: Check = {
  id: 'registration-refuses-bad-metadata',
  group: 'registration',
  title: 'Registration refuses unsupported metadata, and a body that is not JSON, with 422 invalid_client_metadata and a description',
  spec: 'section 7.1; section 2.1 (allowed values)',
  level: 'MUST',
  needsSignIn: false,
  run: async (ctx) => {
    const metadata = await expectRefusals(ctx, 'invalid_client_metadata', [
      { case: 'grant_types ["password"]', request: { ...valid, grant_types: ['password'] } },
      { case: 'response_types ["token"]', request: { ...valid, response_types: ['token'] } },
      {
        case: 'token_endpoint_auth_method "client_secret_basic"',
        request: { ...valid, token_endpoint_auth_method: 'client_secret_basic' },
      },
      // A framework's other secret method, often wired up apart from basic.
      {
        case: 'token_endpoint_auth_method "client_secret_post"',
        request: { ...valid, token_endpoint_auth_method: 'client_secret_post' },
      },
    ]);
    // No object of metadata, or no JSON at all: a body parser's own 400 answers it where the handler
    // never runs, or its refusal comes without a description. Either registration error fits it
    // (no metadata is no redirect URIs either).
    const notAnObject = await expectRefusals(ctx, ['invalid_client_metadata', 'invalid_redirect_uri'], [
      { case: 'a JSON array for a body', request: [] },
      { case: 'a body that is not JSON ({"client_name": )', request: new NotJsonBody('{"client_name": ') },
    ]);
    return `${metadata}; ${notAnObject}`;
  },
};
