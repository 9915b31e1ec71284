import { fail, skip, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { clientAuthentication, NONE_ALONE_SKIP, redeemWith, refusedAssertion } from './private-key-jwt.js';

/**
 * CIMD draft 6.2 where the deployment lists none alone: it cannot verify the document's
 * assertions, so it must refuse the client (at either endpoint) rather than serve it as public.
 */
async function refusedWhereUnlisted(ctx: CheckContext): Promise<string> {
  const jwt = ctx.settings.privateKeyJwtClient;
  if (!jwt) skip(NONE_ALONE_SKIP);
  const documentUrl = jwt.documentUrls[0];
  const client = await ctx.metadataClient(documentUrl);
  const pending = await client.beginAuthorization();
  const outcome = await ctx.signIn().authorize(pending.url);
  if (outcome.kind !== 'callback' || !outcome.url.searchParams.has('code')) {
    return `none alone is listed, and the authorization of ${documentUrl} was refused before any code was issued`;
  }
  const redeemed = await redeemWith({ client, pending, callback: outcome.url, walk: outcome.exchanges }, undefined);
  if (redeemed.response.status === 200) {
    fail(`${documentUrl} says private_key_jwt, and the deployment, which lists none alone, issued it tokens without an assertion: it must refuse a client it cannot authenticate`);
  }
  return `none alone is listed: the code of ${documentUrl}, redeemed without an assertion, was refused (HTTP ${redeemed.response.status})`;
}

export const privateKeyJwtAssertionRequired: Check = {
  id: 'private-key-jwt-assertion-required',
  group: 'authorization',
  title: 'A private_key_jwt client is never served without its assertion: invalid_client where private_key_jwt is listed, refused where none alone is',
  spec: "RFC 7521 section 4.2; CIMD draft 4.1 and 6.2: the document's token_endpoint_auth_method binds the client, and a key-based client must authenticate",
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    if (!(await clientAuthentication(ctx)).listed) return refusedWhereUnlisted(ctx);
    return refusedAssertion(ctx, () => undefined, 'a token request of the private_key_jwt client without client_assertion');
  },
};
