import { fail, notVerified } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';

/**
 * Follows an authorization request that must stop at an error page (an untrusted client or
 * redirect URI is never redirected to: RFC 6749 §4.1.2.1); returns that page's status.
 */
export async function expectErrorPage(ctx: CheckContext, url: URL, what: string): Promise<number> {
  const outcome = await ctx.probe(url);
  switch (outcome.kind) {
    case 'sign-in-required':
      notVerified('the deployment asks for a sign-in before judging the client; run headless (--user/--password)');
    case 'callback':
      fail(`${what}: the deployment accepted it and redirected to ${outcome.url.origin}${outcome.url.pathname}`);
    case 'page':
      if (outcome.exchange.response.status < 400) fail(`${what}: expected an error page, got ${describeResponse(outcome.exchange)}`);
      return outcome.exchange.response.status;
  }
}

/** The --client-metadata-url the run was given, or a skip saying how to give one. */
export function documentUrlOf(ctx: CheckContext): string {
  const documentUrl = ctx.settings.clientMetadataUrl;
  if (!documentUrl) notVerified('needs --client-metadata-url: a client metadata document you host where the deployment can fetch it');
  return documentUrl;
}
