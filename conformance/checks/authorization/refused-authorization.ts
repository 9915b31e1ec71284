import { fail, notVerified } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';

/**
 * Sends an authorization request that must be refused (`overrides` spoil one parameter) and
 * accepts either refusal a deployment may give: an error page, or a redirect carrying `error`.
 * Issuing a code fails the check.
 */
export async function expectAuthorizationRefused(
  ctx: CheckContext,
  overrides: Readonly<Record<string, string | undefined>>,
  what: string,
): Promise<string> {
  const client = await ctx.client();
  const { url } = await client.beginAuthorization(overrides);
  const outcome = await ctx.probe(url);
  switch (outcome.kind) {
    case 'sign-in-required':
      notVerified(`the deployment asks for a sign-in before judging ${what}; run headless (--user/--password) to follow it`);
    case 'page':
      if (outcome.exchange.response.status < 400) {
        fail(`${what}: ended at a page with ${describeResponse(outcome.exchange)}, expected an error`);
      }
      return `${what}: refused with an HTTP ${outcome.exchange.response.status} error page`;
    case 'callback': {
      const error = outcome.url.searchParams.get('error');
      if (!error) fail(`${what}: the deployment issued a code and redirected to ${outcome.url.origin}${outcome.url.pathname}`);
      return `${what}: refused with a redirect carrying error "${error}"`;
    }
  }
}
