import { accountByEmail } from '../../platform/accounts.js';
import { systemClock } from '../../platform/clock.js';
import { issueServiceToken } from '../../oauth/service-tokens.js';
import type { Store } from '../../store/store.js';
import { ExitError, usageError } from '../errors.js';
import { forAccount, withStore } from '../store-access.js';

const userByEmail = (store: Store, email: string) => forAccount(() => accountByEmail(store, email));

/** Prints only the token on stdout, so `TOKEN=$(survey-mcp token issue …)` works. */
export async function tokenIssue(options: { db?: string; user: string; scope: string; ttl?: number }): Promise<void> {
  const ttlSeconds = options.ttl ?? 3600;
  const issued = await withStore(options.db, async (store) => {
    const user = await userByEmail(store, options.user);
    if (user.disabled) {
      throw new ExitError(`'${user.email}' is disabled: enable the account first (survey-mcp users enable ${user.email})`);
    }
    try {
      return await issueServiceToken(store, systemClock, { userId: user.id, scope: options.scope, ttlMs: ttlSeconds * 1000 });
    } catch (error) {
      if (error instanceof RangeError) throw usageError(`--${error.message}`);
      throw error;
    }
  });
  console.error(`bearer token for ${options.user}, scope '${options.scope}', expires ${new Date(issued.expiresAt).toISOString()}:`);
  console.log(issued.token);
}

export async function tokenList(options: { db?: string; user: string }): Promise<void> {
  await withStore(options.db, async (store) => {
    const user = await userByEmail(store, options.user);
    const tokens = await store.listLiveTokens(user.id, systemClock.now());
    if (tokens.length === 0) {
      console.log(`no live tokens for ${user.email}`);
      return;
    }
    for (const token of tokens) {
      console.log(
        `${token.grantId}  ${token.kind.padEnd(7)} ${token.scope.padEnd(14)} until ${new Date(token.expiresAt).toISOString()}  ${token.clientName} (${token.clientId})`,
      );
    }
  });
}

/** Revokes every grant of the person for one client, or for all of them without --client. */
export async function tokenRevoke(options: { db?: string; user: string; client?: string }): Promise<void> {
  await withStore(options.db, async (store) => {
    const user = await userByEmail(store, options.user);
    const clientIds = options.client ? [options.client] : (await store.listConnectedApps(user.id)).map((app) => app.clientId);
    let grants = 0;
    for (const clientId of clientIds) grants += await store.revokeClientForUser(user.id, clientId, systemClock.now());
    console.log(`revoked ${grants} grant${grants === 1 ? '' : 's'} of ${user.email}: their tokens stop working on the next request`);
  });
}
