import type { AccountStore, NewUser } from '../account-store.js';
import { DuplicateRecordError } from '../errors.js';
import { accountRowMappers, type UserRow } from '../account-rows.js';
import { emailKey } from '../rows.js';
import { isUniqueViolation, postgresDialect, type PostgresColumns, type PostgresDatabase } from './database.js';

const { toUser } = accountRowMappers(postgresDialect);

export function postgresAccountStore(db: PostgresDatabase): AccountStore {
  return {
    async insertUser(user: NewUser) {
      try {
        const row = await db.one<UserRow<PostgresColumns>>(
          `INSERT INTO users (id, email, email_key, name, password_hash, sso_only, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
          [user.id, user.email, emailKey(user.email), user.name, user.passwordHash, user.ssoOnly ?? false, user.createdAt],
        );
        return toUser(row!);
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_key')) throw new DuplicateRecordError('user', 'email', user.email);
        throw error;
      }
    },
    async findUserById(id) {
      const row = await db.one<UserRow<PostgresColumns>>('SELECT * FROM users WHERE id = $1', [id]);
      return row && toUser(row);
    },
    async findUserByEmail(email) {
      const row = await db.one<UserRow<PostgresColumns>>('SELECT * FROM users WHERE email_key = $1', [emailKey(email)]);
      return row && toUser(row);
    },
    async listUsers() {
      return (await db.rows<UserRow<PostgresColumns>>('SELECT * FROM users ORDER BY email_key')).map(toUser);
    },
    async setUserDisabled(id, disabled) {
      return (await db.run('UPDATE users SET disabled = $1 WHERE id = $2', [disabled, id])) === 1;
    },
    async setUserPassword(id, passwordHash) {
      return (await db.run('UPDATE users SET password_hash = $1 WHERE id = $2', [passwordHash, id])) === 1;
    },
    async setUserSsoOnly(id, ssoOnly) {
      return (await db.run('UPDATE users SET sso_only = $1 WHERE id = $2', [ssoOnly, id])) === 1;
    },
  };
}
