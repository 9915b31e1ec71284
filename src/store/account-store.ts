/** A person with a platform account. Emails are unique case-insensitively. */
export interface User {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly passwordHash: string;
  readonly disabled: boolean;
  /** Signs in through the OpenID provider only; the password form refuses it. */
  readonly ssoOnly: boolean;
  readonly createdAt: number;
}

export interface NewUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly passwordHash: string;
  readonly ssoOnly?: boolean;
  readonly createdAt: number;
}

/** Times are epoch milliseconds throughout the store. */
export interface AccountStore {
  /** Rejects with `DuplicateRecordError` when the email is taken. */
  insertUser(user: NewUser): Promise<User>;
  findUserById(id: string): Promise<User | undefined>;
  findUserByEmail(email: string): Promise<User | undefined>;
  listUsers(): Promise<User[]>;
  setUserDisabled(id: string, disabled: boolean): Promise<boolean>;
  setUserPassword(id: string, passwordHash: string): Promise<boolean>;
  setUserSsoOnly(id: string, ssoOnly: boolean): Promise<boolean>;
}
