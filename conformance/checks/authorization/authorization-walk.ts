import { notVerified, skip } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { cite, type Exchange } from '../../http.js';

/**
 * What the runner saw of the main authorization on the authorization server's own origin: a
 * single sign-on provider's pages and forms on the way are that provider's affair.
 */
export async function authorizationServerWalk(ctx: CheckContext): Promise<{ readonly origin: string; readonly exchanges: readonly Exchange[] }> {
  const { walk } = await ctx.session();
  if (walk.length === 0) notVerified('with --browser the person saw the pages and posted the forms, not the runner; run headless (--user/--password)');
  const origin = new URL(walk[0]?.request.url ?? ctx.target.baseUrl).origin;
  return { origin, exchanges: walk.filter((exchange) => new URL(exchange.request.url).origin === origin) };
}

/**
 * The redirects that answered a form the person posted (the sign-in form with their
 * credentials, the consent form): RFC 9700 section 4.12 judges these.
 */
export async function formPostRedirects(ctx: CheckContext): Promise<Exchange[]> {
  const { exchanges } = await authorizationServerWalk(ctx);
  const redirects = exchanges.filter(
    (exchange) => exchange.request.method === 'POST' && exchange.response.status >= 300 && exchange.response.status < 400,
  );
  if (redirects.length === 0) skip('no posted form was answered with an HTTP redirect (a script or a page may have moved on instead)');
  cite(...redirects);
  return redirects;
}

export function describeRedirect(exchange: Exchange): string {
  return `POST ${new URL(exchange.request.url).pathname} answered ${exchange.response.status}`;
}
