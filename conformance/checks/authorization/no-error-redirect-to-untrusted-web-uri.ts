import { fail, skip, type Check } from '../../check.js';
import { registrationRequest } from '../../client.js';
import { CookieJar } from '../../cookie-jar.js';
import { describeResponse } from '../../expect.js';
import { jsonOf } from '../../http.js';
import { isObject } from '../../mcp.js';
import { registerPolitely } from '../../registration.js';
import { walkAuthorization } from '../../sign-in.js';

// `.invalid` never resolves (RFC 6761): the runner stops at the redirect and never follows it.
const WEB_REDIRECT_URI = 'https://open-redirect-probe.invalid/callback';

export const noErrorRedirectToUntrustedWebUri: Check = {
  id: 'no-error-redirect-to-untrusted-web-uri',
  group: 'authorization',
  title: 'An error is not redirected to an https URI anyone registered a moment ago, for a browser with no session',
  spec: 'field notes: authorization endpoint (RFC 9700 section 4.11.2; no open redirect)',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const registration = await registerPolitely(ctx, registrationRequest('survey-mcp conformance (web redirect)', [WEB_REDIRECT_URI]));
    const body = jsonOf(registration);
    const clientId = isObject(body) ? body['client_id'] : undefined;
    if (typeof clientId !== 'string') skip(`registering ${WEB_REDIRECT_URI} answered ${describeResponse(registration)}`);
    const metadata = jsonOf((await ctx.document('authorization-server')).exchange);
    const endpoint = isObject(metadata) ? metadata['authorization_endpoint'] : undefined;
    if (typeof endpoint !== 'string') skip('the authorization server metadata names no authorization_endpoint');
    const url = new URL(endpoint);
    url.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: WEB_REDIRECT_URI,
      response_type: 'unsupported',
      state: 'open-redirect-probe',
    }).toString();
    const outcome = await walkAuthorization(ctx.http, new CookieJar(), url, undefined);
    if (outcome.kind === 'callback') {
      fail(`a browser with no session was redirected to ${outcome.url.origin}${outcome.url.pathname}, which anyone may register: an open redirect`);
    }
    const last = outcome.exchanges.at(-1)!;
    return `HTTP ${last.response.status} page instead of a redirect to ${WEB_REDIRECT_URI}`;
  },
};
