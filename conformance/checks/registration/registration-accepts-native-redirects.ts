import { fail, type Check } from '../../check.js';
import { registrationRequest } from '../../client.js';
import { describeResponse } from '../../expect.js';
import { registerPolitely } from '../../registration.js';

const NATIVE_REDIRECT_URIS = [
  'https://conformance.example/callback',
  'http://127.0.0.1:43210/callback',
  'http://[::1]:43210/callback',
  'http://localhost:43210/callback',
  'com.example.conformance:/callback',
];

export const registrationAcceptsNativeRedirects: Check = {
  id: 'registration-accepts-native-redirects',
  group: 'registration',
  title: 'Registration accepts https, loopback http and private-use scheme redirect URIs',
  spec: 'field notes: registration (RFC 8252 sections 7.1 and 7.3)',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const exchange = await registerPolitely(
      ctx,
      registrationRequest('survey-mcp conformance (native redirects)', NATIVE_REDIRECT_URIS),
    );
    if (exchange.response.status !== 200 && exchange.response.status !== 201) {
      fail(`registering ${NATIVE_REDIRECT_URIS.join(', ')} answered ${describeResponse(exchange)}`);
    }
    return `accepted ${NATIVE_REDIRECT_URIS.join(', ')}`;
  },
};
