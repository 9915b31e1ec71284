import { type Check } from '../../check.js';
import { registrationRequest } from '../../client.js';
import { expectRefusals } from './refusals.js';

const withoutRedirectUris = Object.fromEntries(
  Object.entries(registrationRequest('survey-mcp conformance (no redirect)', [])).filter(([field]) => field !== 'redirect_uris'),
);

export const registrationRefusesEmptyRedirectUris: Check = {
  id: 'registration-refuses-empty-redirect-uris',
  group: 'registration',
  title: 'Registration without a redirect URI (an empty or missing redirect_uris) is refused with 422',
  spec: 'section 2.1 (redirect_uris, request); section 7.1; authprobe DCR_EMPTY_REDIRECT_URIS_ACCEPTED',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) =>
    // No URI was refused, so either code fits: the list as a whole is invalid metadata (RFC 7591 §3.2.2).
    expectRefusals(ctx, ['invalid_client_metadata', 'invalid_redirect_uri'], [
      { case: 'redirect_uris []', request: { ...withoutRedirectUris, redirect_uris: [] } },
      { case: 'no redirect_uris', request: withoutRedirectUris },
    ]),
};
