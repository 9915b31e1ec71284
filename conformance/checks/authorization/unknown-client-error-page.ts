import { fail, type Check } from '../../check.js';
import { errorPageProblem } from './redirect-refusal.js';
import { unknownClientRequest, UNKNOWN_CLIENT_ID } from './unknown-client.js';

/** Markup no escaping page shows as markup. */
const MARKUP = '<b id="conformance-reflected">';

export const unknownClientErrorPage: Check = {
  id: 'unknown-client-error-page',
  group: 'authorization',
  title: 'An unknown client_id gets an error page (4xx), never a redirect, and the page never writes the client_id in as markup',
  spec: 'RFC 6749 sections 4.1.2.1 and 10.14; field notes: authorization endpoint (no open redirect)',
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
    // RFC 6749 section 10.14: a value received is never written into the page as markup.
    const marked = new URL(url);
    marked.searchParams.set('client_id', `${UNKNOWN_CLIENT_ID}${MARKUP}`);
    const reflected = await ctx.http.send({ url: marked, headers: { accept: 'text/html' } });
    if (reflected.response.body.includes(MARKUP)) fail(`the error page for client_id "${UNKNOWN_CLIENT_ID}${MARKUP}" writes the client_id into its HTML unescaped: a page any link can inject script into`);
    return `HTTP ${status} error page for client_id "${UNKNOWN_CLIENT_ID}", and a client_id with markup is not written into it as markup`;
  },
};
