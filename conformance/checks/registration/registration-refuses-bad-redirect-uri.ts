import { type Check } from '../../check.js';
import { registrationRequest } from '../../client.js';
import { expectRefusals } from './refusals.js';

const REFUSED_REDIRECT_URIS: readonly [string, string][] = [
  ['a javascript: URI', 'javascript:alert(1)'],
  ['a data: URI', 'data:text/html,hello'],
  ['a file: URI', 'file:///tmp/callback'],
  ['a URI with a fragment', 'https://client.example/callback#fragment'],
  ['plain http to a host other than loopback', 'http://client.example/callback'],
  // A loopback test by prefix takes these for loopback: they are anyone's hosts.
  ['plain http to a host that starts with "localhost"', 'http://localhost.conformance.invalid/callback'],
];

export const registrationRefusesBadRedirectUri: Check = {
  id: 'registration-refuses-bad-redirect-uri',
  group: 'registration',
  title: 'Registration refuses unsafe redirect URIs with 422 invalid_redirect_uri',
  spec: 'section 7.1; field notes: registration',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) =>
    expectRefusals(
      ctx,
      'invalid_redirect_uri',
      REFUSED_REDIRECT_URIS.map(([why, uri]) => ({
        case: `${why} (${uri})`,
        request: { ...registrationRequest('survey-mcp conformance (refused redirect)', [uri]) },
      })),
    ),
};
