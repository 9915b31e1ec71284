import type { User } from '../store/account-store.js';
import { DuplicateRecordError } from '../store/errors.js';
import type { Anonymous, Operator, PlatformContext } from './context.js';
import { PlatformError, validationFailed } from './errors.js';
import { newId } from './ids.js';
import { hashPassword, verifyPassword } from './passwords.js';

const unknownUserHash = hashPassword('no such user');

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NewAccount {
  email: string;
  name: string;
  password: string;
}

export interface Credentials {
  email: string;
  password: string;
}

/** Names the account an admin command acts on. */
export interface AccountArgs {
  email: string;
}

export function checkEmail(email: string): string {
  const trimmed = email.trim();
  if (!emailPattern.test(trimmed) || trimmed.length > 254) {
    throw validationFailed(`'email' must be a valid email address, got '${email}'`);
  }
  return trimmed;
}

export async function createAccount(ctx: PlatformContext, _actor: Operator, account: NewAccount): Promise<User> {
  const email = checkEmail(account.email);
  const name = account.name.trim();
  if (name.length < 1 || name.length > 100) {
    throw validationFailed(`'name' must be 1 to 100 characters, got ${name.length}`);
  }
  if (account.password.length < 8) {
    throw validationFailed("'password' must be at least 8 characters");
  }
  try {
    return await ctx.store.insertUser({
      id: newId('usr'),
      email,
      name,
      passwordHash: await hashPassword(account.password),
      createdAt: ctx.clock.now(),
    });
  } catch (error) {
    if (error instanceof DuplicateRecordError) {
      throw validationFailed(`a user with email '${email}' already exists`);
    }
    throw error;
  }
}

/** The account for these credentials, or undefined; disabled accounts never sign in. */
export async function authenticate(ctx: PlatformContext, _actor: Anonymous, { email, password }: Credentials): Promise<User | undefined> {
  const user = await ctx.store.findUserByEmail(email);
  // Hash even for an unknown email so response time does not reveal which emails exist.
  const matches = await verifyPassword(password, user?.passwordHash ?? (await unknownUserHash));
  return user && !user.disabled && matches ? user : undefined;
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

/** Lets the account sign in again; nothing it had before the disable comes back. */
export async function enableAccount(ctx: PlatformContext, actor: Operator, args: AccountArgs): Promise<User> {
  const user = await accountByEmail(ctx, actor, args);
  await ctx.store.setUserDisabled(user.id, false);
  return user;
}
