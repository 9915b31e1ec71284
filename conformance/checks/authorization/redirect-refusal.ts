import { fail, notVerified } from '../../check.js';
import type { OAuthClient } from '../../client.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';
import type { Exchange } from '../../http.js';

/**
 * An error page refuses the request: a 4xx. A 5xx is the deployment failing on the request, which
 * tells the person nothing they can act on (RFC 6749 section 4.1.2.1: inform the resource owner).
 */
export function errorPageProblem(exchange: Exchange, what: string): string | undefined {
  const { status } = exchange.response;
  if (status < 400) return `expected an error page for ${what}, got ${describeResponse(exchange)}`;
  if (status >= 500) return `expected an error page (4xx) for ${what}, got ${describeResponse(exchange)}: the deployment failed on the request instead of refusing it`;
  return undefined;
}

/**
 * Walks an authorization request the deployment must refuse before any redirect (`what` names
 * it) and expects an error page there: never a redirect (`redirected` says where one went).
 * Resolves to what was seen, for the report.
 */
export async function expectErrorPage(ctx: CheckContext, url: URL, what: string, redirected: (to: URL) => string): Promise<string> {
  const outcome = await ctx.probe(url);
  switch (outcome.kind) {
    case 'sign-in-required':
      notVerified(`the deployment asks for a sign-in before judging ${what}; run headless (--user/--password)`);
    case 'callback':
      fail(redirected(outcome.url));
    case 'page': {
      const problem = errorPageProblem(outcome.exchange, what);
      if (problem) fail(problem);
      return `HTTP ${outcome.exchange.response.status} for ${what}`;
    }
  }
}

/** An authorization request with a redirect URI the deployment must not send the browser to. */
export async function expectRedirectRefused(ctx: CheckContext, client: OAuthClient, redirectUri: string): Promise<string> {
  const { url } = await client.beginAuthorization({ redirect_uri: redirectUri });
  return expectErrorPage(ctx, url, `the unregistered ${redirectUri}`, () => `the deployment redirected to the unregistered ${redirectUri}: an open redirect`);
}
