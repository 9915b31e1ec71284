import { randomBytes } from 'node:crypto';
import type { User } from '../store/account-store.js';
import { DuplicateRecordError } from '../store/errors.js';
import type { Anonymous, Operator, PlatformContext } from './context.js';
import { PlatformError, validationFailed } from './errors.js';
import { newId } from './ids.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { checkLength, checkPlainText } from './values.js';

const unknownUserHash = hashPassword('no such user');

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NewAccount {
  email: string;
  name: string;
  /** Required unless `ssoOnly`: an account that signs in through the OpenID provider has none. */
  password?: string;
  ssoOnly?: boolean;
}

export interface Credentials {
  email: string;
  password: string;
}

/** Names the account an admin command acts on. */
export interface AccountArgs {
  email: string;
}

/** Format characters (zero-width spaces and joiners, bidi marks, BOM) hide inside an address and make look-alikes. */
const hiddenInEmail = /\p{Cf}/u;

/** The platform's rules for a sign-in email, each refusal naming its reason (and never echoing more than a prefix). */
export function checkEmail(email: string): string {
  const trimmed = checkPlainText('email', email).trim();
  if (trimmed.length > 254) throw validationFailed(`'email' must be at most 254 characters, got ${trimmed.length}`);
  const hidden = hiddenInEmail.exec(trimmed);
  if (hidden) {
    const code = `U+${hidden[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    throw validationFailed(`'email' must not contain hidden characters, found ${code} at position ${hidden.index}`);
  }
  if (!emailPattern.test(trimmed)) throw validationFailed(`'email' must be a valid email address, got '${trimmed.slice(0, 64)}'`);
  return trimmed;
}

export async function createAccount(ctx: PlatformContext, _actor: Operator, account: NewAccount): Promise<User> {
  const email = checkEmail(account.email);
  const name = checkLength('name', account.name, 1, 100);
  if (account.password === undefined && !account.ssoOnly) {
    throw validationFailed("'password' is required unless the account signs in with single sign-on only");
  }
  if (account.password !== undefined && account.password.length < 8) {
    throw validationFailed("'password' must be at least 8 characters");
  }
  try {
    return await ctx.store.insertUser({
      id: newId('usr'),
      email,
      name,
      // An SSO-only account gets a secret nobody knows: the password form refuses it anyway.
      passwordHash: await hashPassword(account.password ?? randomBytes(32).toString('base64url')),
      ssoOnly: account.ssoOnly ?? false,
      createdAt: ctx.clock.now(),
    });
  } catch (error) {
    if (error instanceof DuplicateRecordError) {
      throw validationFailed(`a user with email '${email}' already exists`);
    }
    throw error;
  }
}

/**
 * A password sign-in: the account, or refused (unknown email, wrong password), or `disabled`
 * when the password is right but the account is disabled (telling only someone who knows the
 * password, so no account is revealed), or `sso-only` when the account may sign in through the
 * OpenID provider only. That last answer does not depend on the password, since such a person
 * has none to give.
 */
export type PasswordSignIn =
  | { readonly kind: 'signed-in'; readonly user: User }
  | { readonly kind: 'refused' }
  | { readonly kind: 'disabled' }
  | { readonly kind: 'sso-only'; readonly user: User };

export async function authenticate(ctx: PlatformContext, _actor: Anonymous, { email, password }: Credentials): Promise<PasswordSignIn> {
  const user = await ctx.store.findUserByEmail(email);
  // Hash even for an unknown email so response time does not reveal which emails exist.
  const matches = await verifyPassword(password, user?.passwordHash ?? (await unknownUserHash));
  if (!user) return { kind: 'refused' };
  if (user.disabled) return matches ? { kind: 'disabled' } : { kind: 'refused' };
  if (user.ssoOnly) return { kind: 'sso-only', user };
  return matches ? { kind: 'signed-in', user } : { kind: 'refused' };
}

/** Every account, for the admin's list. */
export async function listAccounts(ctx: PlatformContext, _actor: Operator, _args: Record<string, never> = {}): Promise<User[]> {
  return ctx.store.listUsers();
}

/** The account signed in with `email`, or not_found naming the email. */
export async function accountByEmail(ctx: PlatformContext, _actor: Operator, { email }: AccountArgs): Promise<User> {
  const user = await ctx.store.findUserByEmail(email);
  if (!user) throw new PlatformError('not_found', `no user with email '${email}'`);
  return user;
}

/** Keeps the account from signing in and ends every grant, unused code and session it has. */
export async function disableAccount(ctx: PlatformContext, actor: Operator, args: AccountArgs): Promise<User> {
  const user = await accountByEmail(ctx, actor, args);
  await ctx.store.disableUser(user.id, ctx.clock.now());
  return user;
}

/** With `ssoOnly`, the account signs in through the OpenID provider only; without, by password too. */
export async function setSsoOnly(ctx: PlatformContext, actor: Operator, args: AccountArgs & { ssoOnly: boolean }): Promise<User> {
  const user = await accountByEmail(ctx, actor, args);
  await ctx.store.setUserSsoOnly(user.id, args.ssoOnly);
  return { ...user, ssoOnly: args.ssoOnly };
}

/** Lets the account sign in again; nothing it had before the disable comes back. */
export async function enableAccount(ctx: PlatformContext, actor: Operator, args: AccountArgs): Promise<User> {
  const user = await accountByEmail(ctx, actor, args);
  await ctx.store.setUserDisabled(user.id, false);
  return user;
}
