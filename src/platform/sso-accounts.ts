import type { User } from '../store/account-store.js';
import { accountByEmail, createAccount, type AccountArgs } from './accounts.js';
import { recordAudit } from './audit.js';
import { operator, type Anonymous, type Operator, type PlatformContext } from './context.js';
import { PlatformError } from './errors.js';

/** What the company's OpenID provider says about the person, from its validated ID token. */
export interface ProviderIdentity {
  /** The provider's issuer and the person's `sub` there: bound to the account at its first SSO sign-in. */
  readonly issuer: string;
  readonly subject: string;
  readonly email: unknown;
  readonly emailVerified: unknown;
  readonly name?: unknown;
  /** Claims that name the person's organisation at a multi-tenant provider (Google `hd`, Entra `tid`). */
  readonly tenant?: { readonly hd?: unknown; readonly tid?: unknown };
}

export interface SsoAccountPolicy {
  /** Creates a member account in this workspace for a verified email with none (off when undefined). */
  readonly createAccountsIn?: string;
  /**
   * Who may get an account that way: email domains (`example.com`), or `hd:DOMAIN` / `tid:TENANT`
   * for the provider's hosted-domain or tenant claim. Required with `createAccountsIn`.
   */
  readonly allowedToJoin?: readonly string[];
}

export type SsoRefusal =
  | 'no_email'
  | 'email_not_exact'
  | 'email_unverified'
  | 'no_account'
  | 'account_disabled'
  | 'subject_mismatch'
  | 'not_allowed_to_join'
  | 'account_refused';

export type SsoSignIn =
  | { readonly kind: 'signed-in'; readonly user: User }
  | { readonly kind: 'refused'; readonly reason: SsoRefusal; readonly email?: string; readonly detail?: string };

/** ASCII case folding only: Unicode lowercasing maps KELVIN SIGN to `k` and so makes look-alikes match. */
export const asciiFold = (text: string): string => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** True when the claim is exactly an address: nothing trimming or Unicode normalisation (NFKC) would change. */
export const isExactEmail = (email: string): boolean => email === email.trim() && email === email.normalize('NFKC');

const domainOf = (email: string): string => asciiFold(email.slice(email.lastIndexOf('@') + 1));

/** Whether the operator's allow-list admits this person to a new account. */
function allowedToJoin(identity: ProviderIdentity, email: string, allowed: readonly string[]): boolean {
  const { hd, tid } = identity.tenant ?? {};
  return allowed.some((entry) => {
    if (entry.startsWith('hd:')) return typeof hd === 'string' && asciiFold(hd) === entry.slice(3);
    if (entry.startsWith('tid:')) return typeof tid === 'string' && tid === entry.slice(4);
    return domainOf(email) === entry;
  });
}

/**
 * The platform account the provider's identity signs in as: the one whose email equals the
 * verified `email` claim after ASCII case folding, and whose bound provider identity (if any) is
 * this issuer and `sub`. An unverified email would let anyone who can set an address at the
 * provider take over the platform account of that address, so it is refused, not trusted.
 */
export async function accountForIdentity(
  ctx: PlatformContext,
  _actor: Anonymous,
  identity: ProviderIdentity,
  policy: SsoAccountPolicy = {},
): Promise<SsoSignIn> {
  const { email } = identity;
  if (typeof email !== 'string' || email.trim() === '') return { kind: 'refused', reason: 'no_email' };
  if (!isExactEmail(email)) return { kind: 'refused', reason: 'email_not_exact', email };
  if (identity.emailVerified !== true) return { kind: 'refused', reason: 'email_unverified', email };
  const found = await ctx.store.findUserByEmail(email);
  const user = found && asciiFold(found.email) === asciiFold(email) ? found : undefined;
  if (user) return signInAs(ctx, user, identity, email);
  if (policy.createAccountsIn === undefined) return { kind: 'refused', reason: 'no_account', email };
  if (!allowedToJoin(identity, email, policy.allowedToJoin ?? [])) return { kind: 'refused', reason: 'not_allowed_to_join', email };
  const created = await createMember(ctx, email, identity.name, policy.createAccountsIn);
  return created instanceof PlatformError
    ? { kind: 'refused', reason: 'account_refused', email, detail: created.message }
    : signInAs(ctx, created, identity, email);
}

/** Binds the provider identity at the first SSO sign-in; afterwards only that `sub` signs in. */
async function signInAs(ctx: PlatformContext, user: User, identity: ProviderIdentity, email: string): Promise<SsoSignIn> {
  if (user.disabled) return { kind: 'refused', reason: 'account_disabled', email };
  const bound = await ctx.store.linkSsoIdentity(user.id, { issuer: identity.issuer, subject: identity.subject }, ctx.clock.now());
  if (bound.issuer !== identity.issuer || bound.subject !== identity.subject) {
    // Someone else's provider identity with this email: the owner should hear of it. Bounded by
    // the sign-in budget of the account, which the callback charges before it gets here.
    await recordAudit(ctx, {
      action: 'sign-in.refused',
      actorUserId: user.id,
      detail: { method: 'sso', reason: 'subject_mismatch', issuer: identity.issuer, subject: identity.subject },
    });
    return { kind: 'refused', reason: 'subject_mismatch', email };
  }
  return { kind: 'signed-in', user };
}

/**
 * A member (no admin rights, no surveys shared yet) who signs in through the provider only,
 * under the platform's own rules for names and emails: a refusal comes back, it is not thrown.
 */
async function createMember(ctx: PlatformContext, email: string, name: unknown, workspaceId: string): Promise<User | PlatformError> {
  const shown = typeof name === 'string' && name.trim() ? name.trim().slice(0, 100) : email.split('@')[0]!;
  let user: User;
  try {
    user = await createAccount(ctx, operator, { email, name: shown, ssoOnly: true });
  } catch (error) {
    // Two first sign-ins at once: the other one created the account and its membership.
    const existing = await ctx.store.findUserByEmail(email);
    if (existing) return existing;
    if (error instanceof PlatformError && error.code === 'validation_failed') return error;
    throw error;
  }
  await ctx.store.setWorkspaceMember(workspaceId, user.id, 'member');
  await recordAudit(ctx, { action: 'account.create-sso', actorUserId: user.id, workspaceId, detail: { email } });
  return user;
}

/** `users sso-unlink`: forgets the account's provider identity, so its next SSO sign-in binds the `sub` it brings. */
export async function unlinkSsoIdentity(ctx: PlatformContext, _actor: Operator, { email }: AccountArgs): Promise<{ user: User; unlinked: boolean }> {
  const user = await accountByEmail(ctx, operator, { email });
  return { user, unlinked: await ctx.store.unlinkSsoIdentity(user.id) };
}
