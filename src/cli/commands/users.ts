import { randomBytes } from 'node:crypto';
import { createAccount, disableAccount, enableAccount, listAccounts } from '../../platform/accounts.js';
import { operator } from '../../platform/context.js';
import { forAccount, withPlatform } from '../store-access.js';

export interface UsersAddOptions {
  db?: string;
  email: string;
  name: string;
  password?: string;
}

export async function usersAdd(options: UsersAddOptions): Promise<void> {
  const generated = options.password === undefined;
  const password = options.password ?? randomBytes(12).toString('base64url');
  const user = await withPlatform(options.db, (ctx) =>
    createAccount(ctx, operator, { email: options.email, name: options.name, password }),
  );
  console.log(`created ${user.id} ${user.email}`);
  if (generated) console.log(`password: ${password}`);
}

export async function usersList(options: { db?: string; json?: boolean }): Promise<void> {
  const users = await withPlatform(options.db, (ctx) => listAccounts(ctx, operator));
  if (options.json) {
    const shown = users.map(({ id, email, name, disabled, createdAt }) => ({
      id,
      email,
      name,
      disabled,
      created_at: new Date(createdAt).toISOString(),
    }));
    console.log(JSON.stringify(shown, null, 2));
    return;
  }
  if (users.length === 0) {
    console.log('no users (serve seeds the demo people into an empty store, or run: survey-mcp users add)');
    return;
  }
  for (const user of users) {
    console.log(`${user.id}  ${user.email.padEnd(28)} ${user.name}${user.disabled ? '  (disabled)' : ''}`);
  }
}

export async function usersSetDisabled(email: string, disabled: boolean, options: { db?: string }): Promise<void> {
  const change = disabled ? disableAccount : enableAccount;
  const user = await withPlatform(options.db, (ctx) => forAccount(() => change(ctx, operator, { email })));
  console.log(
    disabled
      ? `disabled ${user.email}: their tokens, unused codes and sign-in sessions are revoked`
      : `enabled ${user.email}: they sign in and connect their apps anew`,
  );
}
