import { type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { expectErrorBody } from '../../expect.js';
import type { OAuthClient } from '../../client.js';
import { secondClient } from './experiments.js';
import { refusal } from '../../tables/table.js';
import { judgeRefusal } from '../../tables/token-requests.js';

/** Redeems a fresh code of `owner` as `thief`, with the right verifier: only the owner may (invalid_grant, or for a client_id that names no client, invalid_client). */
async function redeemAs(ctx: CheckContext, owner: OAuthClient | undefined, thief: OAuthClient, what: string, unknownClient = false): Promise<void> {
  const { callback, pending } = await ctx.authorizeCode(owner);
  const exchange = await thief.tokenRequest({
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code') ?? '',
    redirect_uri: `${callback.origin}${callback.pathname}`,
    code_verifier: pending.codeVerifier,
    resource: thief.resource,
  });
  if (unknownClient) judgeRefusal(exchange, refusal(['invalid_client', 'invalid_grant'], [400, 401]), what);
  else expectErrorBody(exchange, 400, 'invalid_grant', what);
}

export const codeBoundToClient: Check = {
  id: 'code-bound-to-client',
  group: 'authorization',
  title: 'A code redeemed by another client, of the same kind or another, gets invalid_grant',
  spec: 'RFC 6749 sections 4.1.2 and 4.1.3; field notes: token endpoint (code bound to client_id)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    await redeemAs(ctx, undefined, await secondClient(ctx), "redeeming the runner's code as another client, with the right verifier");
    const documentUrl = ctx.settings.clientMetadataUrl;
    if (!documentUrl) return 'another client redeeming the code got 400 invalid_grant (with --client-metadata-url, a metadata-document client would try too)';
    // A deployment may look codes up differently for a client named by its document URL.
    const documentClient = await ctx.metadataClient(documentUrl);
    await redeemAs(ctx, undefined, documentClient, `redeeming the runner's (registered client's) code as the metadata-document client ${documentUrl}`);
    await redeemAs(ctx, documentClient, await ctx.client(), "redeeming the metadata-document client's code as the runner's registered client");
    // A client_id URL with a fragment names no client (CIMD draft section 3), though one that drops the fragment finds the document's.
    const withFragment = `${documentUrl}#conformance`;
    await redeemAs(ctx, documentClient, await ctx.metadataClient(withFragment), `redeeming the metadata-document client's code as ${withFragment}`, true);
    return 'another registered client, the metadata-document client redeeming a registered client\'s code, and the reverse each got 400 invalid_grant; under its document URL with a fragment, it was refused';
  },
};
