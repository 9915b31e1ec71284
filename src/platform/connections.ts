import type { User } from '../store/account-store.js';
import type { LiveToken } from '../store/auth-store.js';
import { accountByEmail, type AccountArgs } from './accounts.js';
import type { Operator, PlatformContext } from './context.js';

export interface RevokeConnectionsArgs extends AccountArgs {
  /** Only this client's grants; every connected app's without it. */
  client_id?: string;
}

/** The person's tokens that still work, for `survey-mcp token list`. */
export async function listLiveTokens(
  ctx: PlatformContext,
  actor: Operator,
  args: AccountArgs,
): Promise<{ user: User; tokens: LiveToken[] }> {
  const user = await accountByEmail(ctx, actor, args);
  return { user, tokens: await ctx.store.listLiveTokens(user.id, ctx.clock.now()) };
}

/** Revokes the person's grants of one client, or of all their connected apps; their tokens stop working. */
export async function revokeConnections(
  ctx: PlatformContext,
  actor: Operator,
  args: RevokeConnectionsArgs,
): Promise<{ user: User; grants: number }> {
  const user = await accountByEmail(ctx, actor, args);
  const clientIds = args.client_id ? [args.client_id] : (await ctx.store.listConnectedApps(user.id)).map((app) => app.clientId);
  let grants = 0;
  for (const clientId of clientIds) grants += await ctx.store.revokeClientForUser(user.id, clientId, ctx.clock.now());
  return { user, grants };
}
