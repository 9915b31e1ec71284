import { isDeepStrictEqual } from 'node:util';
import { fail, type Check } from '../../check.js';
import { expectJsonObject, expectStatus } from '../../expect.js';
import { cite } from '../../http.js';

const ALLOWED_GRANT_TYPES = ['authorization_code', 'refresh_token'];

export const registrationResponse: Check = {
  id: 'registration-response',
  group: 'registration',
  title: 'Registration answers with the client record of section 2.1',
  spec: 'section 2.1',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { request, exchange } = await ctx.registration();
    cite(exchange);
    const what = 'POST /register';
    expectStatus(exchange, [200, 201], what);
    const record = expectJsonObject(exchange, what);
    const problems: string[] = [];
    const expectField = (field: string, expected: unknown): void => {
      if (!isDeepStrictEqual(record[field], expected)) {
        problems.push(`"${field}" is ${JSON.stringify(record[field])}, expected ${JSON.stringify(expected)}`);
      }
    };
    if (typeof record['client_id'] !== 'string' || record['client_id'] === '') problems.push('no "client_id"');
    expectField('client_name', request.client_name);
    expectField('redirect_uris', request.redirect_uris);
    expectField('response_types', ['code']);
    expectField('token_endpoint_auth_method', 'none');
    expectField('scope', 'mcp_customer');
    const grants = record['grant_types'];
    if (!Array.isArray(grants) || grants.length === 0 || !grants.every((g) => ALLOWED_GRANT_TYPES.includes(String(g)))) {
      problems.push(`"grant_types" is ${JSON.stringify(grants)}, expected a subset of ${JSON.stringify(ALLOWED_GRANT_TYPES)}`);
    }
    if (problems.length > 0) fail(`${what}: ${problems.join('; ')}`);
    return `HTTP ${exchange.response.status} with client_id "${String(record['client_id'])}" and the fields of section 2.1`;
  },
};
