import { fail, type Check } from '../../check.js';
import { expectJsonObject } from '../../expect.js';
import { cite } from '../../http.js';
import { registerPolitely } from '../../registration.js';
import { DEFAULT_REDIRECT_URI } from '../../sign-in.js';

/**
 * Registrations a framework may take for a confidential client's: one naming no
 * token_endpoint_auth_method, as many clients send it (RFC 7591 section 2 defaults that to
 * client_secret_basic), and one naming `application_type: "web"` (OpenID Connect Dynamic Client
 * Registration), which some libraries give a secret whatever method it names.
 */
const SECRETLESS = [
  { what: 'naming no token_endpoint_auth_method', request: { client_name: 'survey-mcp conformance (minimal registration)', redirect_uris: [DEFAULT_REDIRECT_URI] } },
  {
    what: 'naming application_type "web"',
    request: { client_name: 'survey-mcp conformance (web application)', redirect_uris: [DEFAULT_REDIRECT_URI], application_type: 'web', token_endpoint_auth_method: 'none' },
  },
] as const;

export const registrationNoSecret: Check = {
  id: 'registration-no-secret',
  group: 'registration',
  title: 'Registration never issues a client secret, also to a request that names no token_endpoint_auth_method or names a web application',
  spec: 'section 2.1; section 5.1 rule 2; RFC 7591 section 2 (the default method); OpenID Connect Dynamic Client Registration section 2 (application_type)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { exchange } = await ctx.registration();
    cite(exchange);
    const record = expectJsonObject(exchange, 'POST /register');
    if ('client_secret' in record) fail('POST /register: the client record carries a "client_secret"');
    const seen: string[] = [];
    for (const { what, request } of SECRETLESS) {
      const registered = await registerPolitely(ctx, request);
      cite(registered);
      // Refusing the request is the deployment's choice; a client it registers is a public one.
      if (registered.response.status >= 300) {
        seen.push(`a registration ${what} was refused (HTTP ${registered.response.status})`);
        continue;
      }
      const given = expectJsonObject(registered, `POST /register ${what}`);
      const method = given['token_endpoint_auth_method'];
      if ('client_secret' in given || (method !== undefined && method !== 'none')) {
        fail(`POST /register ${what}: the client record gives token_endpoint_auth_method ${JSON.stringify(method)}${'client_secret' in given ? ' and a "client_secret"' : ''}`);
      }
      seen.push(`a registration ${what} got no secret`);
    }
    return `no "client_secret" in the client record; ${seen.join('; ')}`;
  },
};
