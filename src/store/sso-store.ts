/** A sign-in at the company's OpenID provider in progress, kept server-side until its callback. */
export interface SsoAttemptRecord {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  /** Where the person goes once signed in; checked to be a path on the auth host before it is kept. */
  readonly returnTo: string;
  readonly expiresAt: number;
}

/** Who the provider said an account is at its first single sign-on: its issuer and `sub`. */
export interface SsoIdentity {
  readonly issuer: string;
  readonly subject: string;
}

/** Single sign-on state: attempts (one use each) and the provider identity bound to an account. */
export interface SsoStore {
  /** Keeps the attempt under the hash of the browser's cookie secret; drops attempts past their deadline. */
  insertSsoAttempt(attemptHash: string, attempt: SsoAttemptRecord, nowMs: number): Promise<void>;
  /** Deletes and returns the attempt in one step: one use. Undefined when unknown, taken or expired. */
  takeSsoAttempt(attemptHash: string, nowMs: number): Promise<SsoAttemptRecord | undefined>;
  /**
   * Binds `identity` to the account unless it has one already (two first sign-ins at once: the
   * first wins). Returns the identity the account is bound to afterwards.
   */
  linkSsoIdentity(userId: string, identity: SsoIdentity, nowMs: number): Promise<SsoIdentity>;
  /** Forgets the account's provider identity, so its next SSO sign-in binds a new one. False when it had none. */
  unlinkSsoIdentity(userId: string): Promise<boolean>;
}

/** An attempt row as both dialects read it. */
export interface SsoAttemptRow {
  state: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  expires_at: number;
}

export const toSsoAttempt = (row: SsoAttemptRow): SsoAttemptRecord => ({
  state: row.state,
  nonce: row.nonce,
  codeVerifier: row.code_verifier,
  returnTo: row.return_to,
  expiresAt: row.expires_at,
});
