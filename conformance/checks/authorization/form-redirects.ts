import { skip } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { cite, type Exchange } from '../../http.js';

/**
 * The redirects that answered a form the person posted during the run's main authorization (the
 * sign-in form with their credentials, the consent form): RFC 9700 section 4.12 judges these.
 */
export async function formPostRedirects(ctx: CheckContext): Promise<Exchange[]> {
  const { walk } = await ctx.session();
  if (walk.length === 0) skip('with --browser the person posted the forms, not the runner; run headless (--user/--password)');
  // The authorization server's forms; a single sign-on provider's are that provider's affair.
  const server = new URL(walk[0]?.request.url ?? ctx.target.baseUrl).origin;
  const redirects = walk.filter(
    (exchange) =>
      exchange.request.method === 'POST' &&
      new URL(exchange.request.url).origin === server &&
      exchange.response.status >= 300 &&
      exchange.response.status < 400,
  );
  if (redirects.length === 0) skip('no posted form was answered with an HTTP redirect (a script or a page may have moved on instead)');
  cite(...redirects);
  return redirects;
}

export function describeRedirect(exchange: Exchange): string {
  return `POST ${new URL(exchange.request.url).pathname} answered ${exchange.response.status}`;
}
