import { fail, skip } from '../../check.js';
import type { OAuthClient } from '../../client.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';

/**
 * Asks for an authorization with a redirect URI the deployment must not send the browser to, and
 * expects an error page: never a redirect there. Resolves to what was seen, for the report.
 */
export async function expectRedirectRefused(ctx: CheckContext, client: OAuthClient, redirectUri: string): Promise<string> {
  const { url } = await client.beginAuthorization({ redirect_uri: redirectUri });
  const outcome = await ctx.probe(url);
  switch (outcome.kind) {
    case 'sign-in-required':
      skip('the deployment asks for a sign-in before judging the redirect URI; run headless (--user/--password)');
    case 'callback':
      fail(`the deployment redirected to the unregistered ${redirectUri}: an open redirect`);
    case 'page':
      if (outcome.exchange.response.status < 400) {
        fail(`expected an error page for the unregistered ${redirectUri}, got ${describeResponse(outcome.exchange)}`);
      }
      return `HTTP ${outcome.exchange.response.status} for ${redirectUri}`;
  }
}
