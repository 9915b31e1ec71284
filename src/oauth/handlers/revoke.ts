import type { RequestHandler } from 'express';
import { formParams, revokingClientId } from '../client-auth.js';
import type { OAuthContext } from '../context.js';
import { invalidRequest } from '../errors.js';
import { hashSecret } from '../tokens.js';
import { recordAudit } from '../../platform/audit.js';

/**
 * POST /oauth/revoke (RFC 7009). A refresh token takes its whole grant with it; an access token
 * stops working on the next request. `token_type_hint` is
 * not needed: one lookup finds either kind. Unknown tokens and other clients' tokens answer 200 too
 * (so nothing is revealed), and another client's token is never touched. A client known by its
 * metadata document revokes without the document being fetched (`revokingClientId`).
 */
export function revokeHandler(context: OAuthContext): RequestHandler {
  return async function revoke(req, res) {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    const params = formParams(req.body);
    const token = params.token;
    if (!token) throw invalidRequest("'token' is required");
    const clientId = await revokingClientId(context, req, params);
    const revoked = await context.store.revokeToken(hashSecret(token), clientId, context.clock.now());
    if (revoked.outcome === 'revoked') {
      await recordAudit(context, { action: 'grant.revoke', actorUserId: revoked.userId, clientId, detail: { by: 'revocation endpoint' } });
    }
    res.status(200).end();
  };
}
