import { fail, type Check } from '../../check.js';
import { expectJsonObject } from '../../expect.js';
import { cite } from '../../http.js';
import { registerPolitely } from '../../registration.js';
import { DEFAULT_REDIRECT_URI } from '../../sign-in.js';

/**
 * A registration naming no token_endpoint_auth_method, as many clients send it: RFC 7591
 * section 2 defaults that to client_secret_basic, which a framework left at its default applies.
 */
const MINIMAL = { client_name: 'survey-mcp conformance (minimal registration)', redirect_uris: [DEFAULT_REDIRECT_URI] };

export const registrationNoSecret: Check = {
  id: 'registration-no-secret',
  group: 'registration',
  title: 'Registration never issues a client secret, also to a request that names no token_endpoint_auth_method',
  spec: 'section 2.1; section 5.1 rule 2; RFC 7591 section 2 (the default method)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { exchange } = await ctx.registration();
    cite(exchange);
    const record = expectJsonObject(exchange, 'POST /register');
    if ('client_secret' in record) fail('POST /register: the client record carries a "client_secret"');
    const minimal = await registerPolitely(ctx, MINIMAL);
    cite(minimal);
    // Refusing the request is the deployment's choice; a client it registers is a public one.
    if (minimal.response.status >= 300) return `no "client_secret" in the client record; a registration naming no token_endpoint_auth_method was refused (HTTP ${minimal.response.status})`;
    const defaulted = expectJsonObject(minimal, 'POST /register naming no token_endpoint_auth_method');
    const method = defaulted['token_endpoint_auth_method'];
    if ('client_secret' in defaulted || (method !== undefined && method !== 'none')) {
      fail(`POST /register naming no token_endpoint_auth_method: the client record gives token_endpoint_auth_method ${JSON.stringify(method)}${'client_secret' in defaulted ? ' and a "client_secret"' : ''}`);
    }
    return 'no "client_secret" in the client record, nor in that of a registration naming no token_endpoint_auth_method';
  },
};
