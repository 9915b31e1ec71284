import { createHash } from 'node:crypto';
import type { Clock } from '../platform/clock.js';
import { newId } from '../platform/ids.js';
import type { Store } from '../store/store.js';
import { mintToken } from './tokens.js';

/** The client admin-issued tokens belong to; it shows on the person's connected-apps page. */
const adminClientName = 'survey-mcp token issue (admin)';

const scopePattern = /^[A-Za-z0-9_:.-]+( [A-Za-z0-9_:.-]+)*$/;

export interface ServiceTokenRequest {
  readonly userId: string;
  /** e.g. `reporting`: a token of another platform service, which the MCP host answers with 403. */
  readonly scope: string;
  readonly ttlMs: number;
}

/** Issues an access token (no refresh token) for a person, outside the OAuth flow. */
export async function issueServiceToken(store: Store, clock: Clock, request: ServiceTokenRequest): Promise<{ token: string; expiresAt: number }> {
  if (!scopePattern.test(request.scope)) {
    throw new RangeError(`scope '${request.scope}' must be space-separated words of [A-Za-z0-9_:.-], e.g. reporting`);
  }
  const now = clock.now();
  const client = await store.registerClient({
    id: newId('cli'),
    registrationKey: createHash('sha256').update(adminClientName).digest('hex'),
    name: adminClientName,
    redirectUris: [],
    grantTypes: [],
    responseTypes: [],
    // Each grant carries its own scope; this client is shared by all of them.
    scope: '',
    createdAt: now,
  });
  const access = mintToken('access', now, request.ttlMs);
  await store.issueGrant(
    { id: newId('grt'), userId: request.userId, clientId: client.id, scope: request.scope, createdAt: now },
    { access: access.stored },
  );
  return { token: access.secret, expiresAt: access.stored.expiresAt };
}
