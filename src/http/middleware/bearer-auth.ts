import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { mcpScope, verifyAccessToken } from '../../oauth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Store } from '../../store/store.js';

export interface BearerAuthOptions {
  readonly store: Store;
  readonly clock: Clock;
  /** Absolute URL of the protected-resource metadata, for `WWW-Authenticate`. */
  readonly resourceMetadataUrl: string;
}

/** Set on `res.locals.auth` for the handlers after this one. */
export interface BearerAuth {
  readonly userId: string;
  readonly authInfo: AuthInfo;
}

const bearerPattern = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * Spec 5.4 and 7.1: missing, unknown, expired or revoked token → 401 with the exact
 * `WWW-Authenticate`; a valid token of another service (no `mcp_customer`) → 403. Checked against
 * the live grant, client and user on every request.
 */
export function bearerAuth(options: BearerAuthOptions): RequestHandler {
  const { store, clock, resourceMetadataUrl } = options;
  const challenge = `Bearer resource_metadata="${resourceMetadataUrl}"`;

  return async function authenticateBearer(req: Request, res: Response, next: NextFunction) {
    const token = bearerPattern.exec(req.get('authorization') ?? '')?.[1];
    const verdict = token === undefined ? undefined : await verifyAccessToken(store, token, clock.now());
    if (!token || !verdict?.ok) {
      res.status(401).set('WWW-Authenticate', challenge).json({ error: 'unauthorized' });
      return;
    }
    if (!verdict.scope.split(' ').includes(mcpScope)) {
      res
        .status(403)
        .set('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${mcpScope}", resource_metadata="${resourceMetadataUrl}"`)
        .json({ error: 'insufficient_scope' });
      return;
    }
    const auth: BearerAuth = {
      userId: verdict.userId,
      authInfo: {
        token,
        clientId: verdict.clientId,
        scopes: verdict.scope.split(' '),
        extra: { userId: verdict.userId },
      },
    };
    res.locals.auth = auth;
    next();
  };
}
