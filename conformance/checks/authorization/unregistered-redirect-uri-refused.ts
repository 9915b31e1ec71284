import { skip, type Check } from '../../check.js';
import { registrationRequest } from '../../client.js';
import type { CheckContext } from '../../context.js';
import { describeResponse, expectErrorBody } from '../../expect.js';
import { jsonOf } from '../../http.js';
import { isObject } from '../../mcp.js';
import { registerPolitely } from '../../registration.js';
import { expectErrorPage, expectRedirectRefused } from './redirect-refusal.js';

/**
 * RFC 6749 section 3.1.2.3: a client that registered two redirect URIs MUST name one. Without it
 * the deployment has no validated URI, so it answers with the error page (section 4.1.2.1), and
 * a client asking as JSON gets invalid_request: the client is known, its request is not whole
 * (invalid_client would tell it to register again, as for an unknown client).
 */
async function missingRedirectUriRefused(ctx: CheckContext): Promise<string> {
  const client = await ctx.client();
  const second = new URL(client.redirectUri);
  second.pathname = '/second-callback';
  const registration = await registerPolitely(ctx, registrationRequest('survey-mcp conformance (two redirects)', [client.redirectUri, second.href]));
  const body = jsonOf(registration);
  const clientId = isObject(body) ? body['client_id'] : undefined;
  if (typeof clientId !== 'string') skip(`registering two redirect URIs answered ${describeResponse(registration)}`);
  const { url } = await client.beginAuthorization({ redirect_uri: undefined });
  url.searchParams.set('client_id', clientId);
  const what = `an authorization request without redirect_uri from client_id "${clientId}" (two registered)`;
  const page = await expectErrorPage(ctx, url, what, (to) => `${what} was redirected to ${to.origin}${to.pathname}`);
  const json = await ctx.http.send({ url, headers: { accept: 'application/json' } });
  expectErrorBody(json, 400, 'invalid_request', `${what}, with Accept: application/json`);
  return `${page}; 400 {"error": "invalid_request"} in JSON`;
}

export const unregisteredRedirectUriRefused: Check = {
  id: 'unregistered-redirect-uri-refused',
  group: 'authorization',
  title: 'An unregistered or missing redirect URI gets an error page, never a redirect (invalid_request as JSON when missing)',
  spec: 'field notes: authorization endpoint (exact match; localhost is not 127.0.0.1); OAuth 2.1 section 4.1.1; RFC 6749 sections 3.1.2.3 and 4.1.2.1',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const client = await ctx.client();
    const otherPath = new URL(client.redirectUri);
    otherPath.pathname = '/not-registered';
    const candidates = [otherPath];
    // RFC 8252 section 8.3: a name may resolve elsewhere, so localhost never stands in for an IP.
    const otherHost = new URL(client.redirectUri);
    if (['127.0.0.1', '[::1]'].includes(otherHost.hostname)) {
      otherHost.hostname = 'localhost';
      candidates.push(otherHost);
    }
    const pages: string[] = [];
    for (const unregistered of candidates) pages.push(await expectRedirectRefused(ctx, client, unregistered.toString()));
    pages.push(await missingRedirectUriRefused(ctx));
    return `error pages: ${pages.join('; ')}`;
  },
};
