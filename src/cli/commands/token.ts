import { accountByEmail } from '../../platform/accounts.js';
import { revokeConnections, listLiveTokens } from '../../platform/connections.js';
import { operator } from '../../platform/context.js';
import { issueServiceToken } from '../../oauth/service-tokens.js';
import { ExitError, usageError } from '../errors.js';
import { forAccount, type StoreFlags, withPlatform } from '../store-access.js';

/** Prints only the token on stdout, so `TOKEN=$(survey-mcp token issue …)` works. */
export async function tokenIssue(options: StoreFlags & { user: string; scope: string; ttl?: number }): Promise<void> {
  const ttlSeconds = options.ttl ?? 3600;
  const issued = await withPlatform(options, async (ctx) => {
    const user = await forAccount(() => accountByEmail(ctx, operator, { email: options.user }));
    if (user.disabled) {
      throw new ExitError(`'${user.email}' is disabled: enable the account first (survey-mcp users enable ${user.email})`);
    }
    try {
      return await issueServiceToken(ctx.store, ctx.clock, { userId: user.id, scope: options.scope, ttlMs: ttlSeconds * 1000 });
    } catch (error) {
      if (error instanceof RangeError) throw usageError(`--${error.message}`);
      throw error;
    }
  });
  console.error(`bearer token for ${options.user}, scope '${options.scope}', expires ${new Date(issued.expiresAt).toISOString()}:`);
  console.log(issued.token);
}

export async function tokenList(options: StoreFlags & { user: string }): Promise<void> {
  const { user, tokens } = await withPlatform(options, (ctx) =>
    forAccount(() => listLiveTokens(ctx, operator, { email: options.user })),
  );
  if (tokens.length === 0) {
    console.log(`no live tokens for ${user.email}`);
    return;
  }
  for (const token of tokens) {
    console.log(
      `${token.grantId}  ${token.kind.padEnd(7)} ${token.scope.padEnd(14)} until ${new Date(token.expiresAt).toISOString()}  ${token.clientName} (${token.clientId})`,
    );
  }
}

/** Revokes every grant of the person for one client, or for all of them without --client. */
export async function tokenRevoke(options: StoreFlags & { user: string; client?: string }): Promise<void> {
  const { user, grants } = await withPlatform(options, (ctx) =>
    forAccount(() => revokeConnections(ctx, operator, { email: options.user, ...(options.client ? { client_id: options.client } : {}) })),
  );
  console.log(`revoked ${grants} grant${grants === 1 ? '' : 's'} of ${user.email}: their tokens stop working on the next request`);
}
