import type { User } from './account-store.js';
import type { Columns, Dialect } from './rows.js';

export interface UserRow<C extends Columns> {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  disabled: C['flag'];
  sso_only: C['flag'];
  created_at: number;
}

/** The account mappers, reading flags through `dialect`. */
export function accountRowMappers<C extends Columns>(dialect: Dialect<C>) {
  return {
    toUser: (row: UserRow<C>): User => ({
      id: row.id,
      email: row.email,
      name: row.name,
      passwordHash: row.password_hash,
      disabled: dialect.flag(row.disabled),
      ssoOnly: dialect.flag(row.sso_only),
      createdAt: row.created_at,
    }),
  };
}
