import type { AccountStore, NewUser } from '../account-store.js';
import { DuplicateRecordError } from '../errors.js';
import { accountRowMappers, type UserRow } from '../account-rows.js';
import { emailKey } from '../rows.js';
import { sqliteDialect, type SqliteColumns, type SqliteDatabase } from './database.js';

const { toUser } = accountRowMappers(sqliteDialect);

export function sqliteAccountStore(db: SqliteDatabase): AccountStore {
  const insert = db.prepare(
    `INSERT INTO users (id, email, email_key, name, password_hash, sso_only, created_at)
     VALUES (@id, @email, @emailKey, @name, @passwordHash, @ssoOnly, @createdAt)`,
  );
  const byId = db.prepare<[string], UserRow<SqliteColumns>>('SELECT * FROM users WHERE id = ?');
  const byEmail = db.prepare<[string], UserRow<SqliteColumns>>('SELECT * FROM users WHERE email_key = ?');
  const all = db.prepare<[], UserRow<SqliteColumns>>('SELECT * FROM users ORDER BY email_key');
  const setDisabled = db.prepare('UPDATE users SET disabled = ? WHERE id = ?');
  const setPassword = db.prepare('UPDATE users SET password_hash = ? WHERE id = ?');
  const setSsoOnly = db.prepare('UPDATE users SET sso_only = ? WHERE id = ?');

  return {
    async insertUser(user: NewUser) {
      try {
        insert.run({ ...user, emailKey: emailKey(user.email), ssoOnly: user.ssoOnly ? 1 : 0 });
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
          throw new DuplicateRecordError('user', 'email', user.email);
        }
        throw error;
      }
      return toUser(byId.get(user.id)!);
    },
    async findUserById(id) {
      const row = byId.get(id);
      return row && toUser(row);
    },
    async findUserByEmail(email) {
      const row = byEmail.get(emailKey(email));
      return row && toUser(row);
    },
    async listUsers() {
      return all.all().map(toUser);
    },
    async setUserDisabled(id, disabled) {
      return setDisabled.run(disabled ? 1 : 0, id).changes === 1;
    },
    async setUserPassword(id, passwordHash) {
      return setPassword.run(passwordHash, id).changes === 1;
    },
    async setUserSsoOnly(id, ssoOnly) {
      return setSsoOnly.run(ssoOnly ? 1 : 0, id).changes === 1;
    },
  };
}
