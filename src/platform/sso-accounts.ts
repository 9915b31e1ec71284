import type { User } from '../store/account-store.js';
import { createAccount } from './accounts.js';
import { recordAudit } from './audit.js';
import { operator, type Anonymous, type PlatformContext } from './context.js';

/** What the company's OpenID provider says about the person, from its validated ID token. */
export interface ProviderIdentity {
  readonly email: unknown;
  readonly emailVerified: unknown;
  readonly name?: unknown;
}

export interface SsoAccountPolicy {
  /** Creates a member account in this workspace for a verified email with none (off when undefined). */
  readonly createAccountsIn?: string;
}

export type SsoRefusal = 'no_email' | 'email_unverified' | 'no_account' | 'account_disabled';

export type SsoSignIn =
  | { readonly kind: 'signed-in'; readonly user: User }
  | { readonly kind: 'refused'; readonly reason: SsoRefusal; readonly email?: string };

/** NFC and trimmed; the store compares the result case-insensitively. */
export const normalizeEmail = (email: string): string => email.normalize('NFC').trim();

/**
 * The platform account the provider's identity signs in as: the one whose email equals the
 * verified `email` claim. An unverified email would let anyone who can set an address at the
 * provider take over the platform account of that address, so it is refused, not trusted.
 */
export async function accountForIdentity(
  ctx: PlatformContext,
  _actor: Anonymous,
  identity: ProviderIdentity,
  policy: SsoAccountPolicy = {},
): Promise<SsoSignIn> {
  if (typeof identity.email !== 'string' || normalizeEmail(identity.email) === '') return { kind: 'refused', reason: 'no_email' };
  const email = normalizeEmail(identity.email);
  if (identity.emailVerified !== true) return { kind: 'refused', reason: 'email_unverified', email };
  const user = await ctx.store.findUserByEmail(email);
  if (user) return user.disabled ? { kind: 'refused', reason: 'account_disabled', email } : { kind: 'signed-in', user };
  if (policy.createAccountsIn === undefined) return { kind: 'refused', reason: 'no_account', email };
  return { kind: 'signed-in', user: await createMember(ctx, email, identity.name, policy.createAccountsIn) };
}

/** A member (no admin rights, no surveys shared yet) who signs in through the provider only. */
async function createMember(ctx: PlatformContext, email: string, name: unknown, workspaceId: string): Promise<User> {
  const shown = typeof name === 'string' && name.trim() ? name.trim().slice(0, 100) : email.split('@')[0]!;
  let user: User;
  try {
    user = await createAccount(ctx, operator, { email, name: shown, ssoOnly: true });
  } catch (error) {
    // Two first sign-ins at once: the other one created the account and its membership.
    const existing = await ctx.store.findUserByEmail(email);
    if (!existing) throw error;
    return existing;
  }
  await ctx.store.setWorkspaceMember(workspaceId, user.id, 'member');
  await recordAudit(ctx, { action: 'account.create-sso', actorUserId: user.id, workspaceId, detail: { email } });
  return user;
}
