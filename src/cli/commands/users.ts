import { randomBytes } from 'node:crypto';
import { createAccount, disableAccount, enableAccount, listAccounts, setSsoOnly } from '../../platform/accounts.js';
import { operator } from '../../platform/context.js';
import { unlinkSsoIdentity } from '../../platform/sso-accounts.js';
import { usageError } from '../errors.js';
import { forAccount, type StoreFlags, withPlatform } from '../store-access.js';

export interface UsersAddOptions extends StoreFlags {
  email: string;
  name: string;
  password?: string;
  ssoOnly?: boolean;
}

export async function usersAdd(options: UsersAddOptions): Promise<void> {
  if (options.ssoOnly && options.password !== undefined) {
    throw usageError('--sso-only and --password exclude each other: an SSO-only account signs in through the OpenID provider only');
  }
  const generated = options.password === undefined && !options.ssoOnly;
  const password = generated ? randomBytes(12).toString('base64url') : options.password;
  const user = await withPlatform(options, (ctx) =>
    createAccount(ctx, operator, { email: options.email, name: options.name, password, ssoOnly: options.ssoOnly }),
  );
  console.log(`created ${user.id} ${user.email}${user.ssoOnly ? ' (signs in with single sign-on only)' : ''}`);
  if (generated) console.log(`password: ${password}`);
}

export async function usersSetSsoOnly(email: string, options: StoreFlags & { off?: boolean }): Promise<void> {
  const ssoOnly = !options.off;
  const user = await withPlatform(options, (ctx) => forAccount(() => setSsoOnly(ctx, operator, { email, ssoOnly })));
  console.log(
    ssoOnly
      ? `${user.email} signs in with single sign-on only: the password form refuses it`
      : `${user.email} may sign in with a password again`,
  );
}

export async function usersSsoUnlink(email: string, options: StoreFlags): Promise<void> {
  const { user, unlinked } = await withPlatform(options, (ctx) => forAccount(() => unlinkSsoIdentity(ctx, operator, { email })));
  console.log(
    unlinked
      ? `${user.email} is no longer linked to an identity at the OpenID provider: its next single sign-on links the one it brings`
      : `${user.email} was not linked to an identity at the OpenID provider: nothing changed`,
  );
}

export async function usersList(options: StoreFlags & { json?: boolean }): Promise<void> {
  const users = await withPlatform(options, (ctx) => listAccounts(ctx, operator));
  if (options.json) {
    const shown = users.map(({ id, email, name, disabled, ssoOnly, createdAt }) => ({
      id,
      email,
      name,
      disabled,
      sso_only: ssoOnly,
      created_at: new Date(createdAt).toISOString(),
    }));
    console.log(JSON.stringify(shown, null, 2));
    return;
  }
  if (users.length === 0) {
    console.log('no users (serve seeds the demo people into an empty store, or run: survey-mcp users add)');
    return;
  }
  for (const line of userTable(users)) console.log(line);
}

/** One account a line, each column as wide as its longest value (a fixed width broke on long emails). */
export function userTable(users: ReadonlyArray<{ id: string; email: string; name: string; disabled: boolean; ssoOnly: boolean }>): string[] {
  const idWidth = Math.max(...users.map((user) => user.id.length));
  const emailWidth = Math.max(...users.map((user) => user.email.length));
  const nameWidth = Math.max(...users.map((user) => user.name.length));
  return users.map((user) => {
    const notes = [user.disabled ? '(disabled)' : '', user.ssoOnly ? '(sso only)' : ''].filter(Boolean).join('  ');
    return `${user.id.padEnd(idWidth)}  ${user.email.padEnd(emailWidth)}  ${notes ? `${user.name.padEnd(nameWidth)}  ${notes}` : user.name}`;
  });
}

export async function usersSetDisabled(email: string, disabled: boolean, options: StoreFlags): Promise<void> {
  const change = disabled ? disableAccount : enableAccount;
  const user = await withPlatform(options, (ctx) => forAccount(() => change(ctx, operator, { email })));
  console.log(
    disabled
      ? `disabled ${user.email}: their tokens, unused codes and sign-in sessions are revoked`
      : `enabled ${user.email}: they sign in and connect their apps anew`,
  );
}
