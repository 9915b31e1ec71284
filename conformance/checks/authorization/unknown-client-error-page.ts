import { fail, type Check } from '../../check.js';
import { errorPageProblem } from './redirect-refusal.js';
import { unknownClientRequest, UNKNOWN_CLIENT_ID } from './unknown-client.js';

export const unknownClientErrorPage: Check = {
  id: 'unknown-client-error-page',
  group: 'authorization',
  title: 'An unknown client_id gets an error page (4xx), never a redirect',
  spec: 'RFC 6749 section 4.1.2.1; field notes: authorization endpoint (no open redirect)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const url = await unknownClientRequest(ctx);
    // Before any sign-in: the redirect URI of an unknown client is not validated, so never followed.
    const exchange = await ctx.http.send({ url, headers: { accept: 'text/html' } });
    const { status, headers } = exchange.response;
    if (status >= 300 && status < 400) fail(`client_id "${UNKNOWN_CLIENT_ID}" was redirected to ${headers['location'] ?? '(no Location)'}`);
    const problem = errorPageProblem(exchange, `client_id "${UNKNOWN_CLIENT_ID}"`);
    if (problem) fail(problem);
    return `HTTP ${status} error page for client_id "${UNKNOWN_CLIENT_ID}"`;
  },
};
