/** A public OAuth client registered at `POST /register`. It never has a secret. */
export interface OAuthClient {
  readonly id: string;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly grantTypes: readonly string[];
  readonly responseTypes: readonly string[];
  readonly scope: string;
  readonly createdAt: number;
  /**
   * Where the keys of a client that authenticates with private_key_jwt are (RFC 7523): only a
   * client known by its metadata document has them, and only while it is fetched (never stored).
   * Absent: a public client (`none`).
   */
  readonly keys?: ClientKeys;
  /**
   * A private_key_jwt document that also lists `none` in `token_endpoint_auth_methods_supported`
   * (OpenID Connect RP Metadata Choices; ChatGPT's does): served as a public client where the
   * server does not take private_key_jwt.
   */
  readonly publicToo?: boolean;
}

/** A metadata document's `jwks_uri`, or its inline `jwks` (RFC 7591 §2: one, never both). */
export type ClientKeys = { readonly jwksUri: string } | { readonly jwks: { readonly keys: readonly object[] } };

export interface NewOAuthClient extends OAuthClient {
  /** Registration is idempotent on this key (a hash of name, redirect URIs and scope). */
  readonly registrationKey: string;
}

/** A one-time code handed to the client after consent; kept only as a hash. */
export interface AuthorizationCode {
  readonly codeHash: string;
  readonly clientId: string;
  readonly userId: string;
  readonly redirectUri: string;
  readonly scope: string;
  readonly codeChallenge: string;
  readonly codeChallengeMethod: 'S256' | 'plain';
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly redeemedAt: number | undefined;
}

export type NewAuthorizationCode = Omit<AuthorizationCode, 'redeemedAt'>;

/** A token to store: the caller mints the secret and hands over only its SHA-256 hash. */
export interface NewToken {
  readonly tokenHash: string;
  readonly kind: 'access' | 'refresh';
  readonly expiresAt: number;
}

/** What a grant issues at once: an access token and, for OAuth clients, a refresh token. */
export interface TokenIssue {
  readonly access: NewToken;
  readonly refresh?: NewToken;
}

export interface NewGrant {
  readonly id: string;
  readonly userId: string;
  readonly clientId: string;
  readonly scope: string;
  readonly createdAt: number;
  /** The identity provider's issuer, when its ID-JAG made the grant (not the person's consent). */
  readonly grantedBy?: string;
}

/** An access token joined with its grant, client and user: everything a bearer check needs. */
export interface AccessTokenRecord {
  readonly grantId: string;
  readonly userId: string;
  readonly clientId: string;
  readonly scope: string;
  readonly expiresAt: number;
  readonly revoked: boolean;
  readonly userDisabled: boolean;
}

export type RedeemCodeResult =
  | { readonly outcome: 'issued'; readonly grantId: string }
  /** Already redeemed: the grant the first redemption created is now revoked. */
  | { readonly outcome: 'reused' }
  | { readonly outcome: 'expired' }
  | { readonly outcome: 'unknown' };

export interface RotateRefreshRequest {
  readonly refreshHash: string;
  readonly clientId: string;
  readonly issue: Required<TokenIssue>;
  readonly nowMs: number;
  /**
   * Kept on the spent token until `until` (absent: no grace), so that the same token presented
   * again by the same client before then is a retry, answered as the rotation was, not a replay.
   * `sealedSuccessor` is that answer (the new refresh and access tokens) encrypted under a key
   * only the spent token's holder can derive (oauth/refresh-grace.ts); the store cannot open it.
   */
  readonly grace?: { readonly until: number; readonly sealedSuccessor: string };
}

/** One step of a lineage: the successor's hash and the rotation's answer, sealed under the previous token. */
export interface SealedSuccessor {
  readonly successorHash: string;
  readonly sealed: string;
}

export type RotateRefreshResult =
  | { readonly outcome: 'rotated'; readonly grantId: string; readonly userId: string; readonly scope: string }
  /**
   * A spent refresh token came back within its grace: nothing was issued (the caller answers with
   * what the rotation gave, sealed), and `lineage` leads from the presented token to the live one.
   */
  | {
      readonly outcome: 'retried';
      readonly grantId: string;
      readonly userId: string;
      readonly scope: string;
      readonly lineage: readonly SealedSuccessor[];
    }
  /** A spent refresh token came back after its grace: the whole grant (the person's) is now revoked. */
  | { readonly outcome: 'reused'; readonly grantId: string; readonly userId: string }
  | { readonly outcome: 'unknown' | 'other_client' | 'revoked' | 'expired' | 'user_disabled' };

/** `revoked` names the person whose grant ended, for the audit trail. */
export type RevokeTokenResult = { readonly outcome: 'revoked'; readonly userId: string } | { readonly outcome: 'unknown' | 'other_client' };

/** A client the person approved and has not revoked, for the connected-apps page. */
export interface ConnectedApp {
  readonly clientId: string;
  readonly clientName: string;
  readonly redirectUris: readonly string[];
  readonly scope: string;
  readonly approvedAt: number;
  /** When the app last got a token (its sign-in or its latest renewal): its last use, to the hour. */
  readonly lastUsedAt: number | undefined;
  /** The identity provider's issuer when it granted the access (an ID-JAG), not the person. */
  readonly grantedBy?: string;
}

/** A live token of a person, for `survey-mcp token list`. */
export interface LiveToken {
  readonly grantId: string;
  readonly clientId: string;
  readonly clientName: string;
  readonly kind: 'access' | 'refresh';
  readonly scope: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

export interface SignInSession {
  readonly userId: string;
  readonly expiresAt: number;
}

/**
 * Clients, codes, grants, tokens and sign-in sessions. Secrets arrive already hashed. Methods
 * that must be atomic (redeem a code, rotate a refresh token, revoke) do all their work in one
 * transaction, so concurrent callers can never both succeed.
 */
export interface AuthStore {
  /**
   * Inserts the client, or returns the one already registered under the same key with its grant
   * types widened to the union: a first registration cannot take a grant from later ones.
   */
  registerClient(client: NewOAuthClient): Promise<OAuthClient>;
  findClient(clientId: string): Promise<OAuthClient | undefined>;
  /**
   * Records (or updates to its latest document) a client known by its metadata document URL, so
   * grants can refer to it and connected apps can name it. Its id is the URL.
   */
  saveMetadataClient(client: OAuthClient): Promise<void>;

  insertAuthorizationCode(code: NewAuthorizationCode): Promise<void>;
  /** Reads without side effects, so the caller can check bindings before redeeming. */
  findAuthorizationCode(codeHash: string): Promise<AuthorizationCode | undefined>;
  /** Marks the code used and creates the grant with its tokens, or revokes on a second use. */
  redeemAuthorizationCode(codeHash: string, grant: NewGrant, issue: TokenIssue, nowMs: number): Promise<RedeemCodeResult>;

  /** Creates a grant and its tokens directly (admin-issued tokens for platform services). */
  issueGrant(grant: NewGrant, issue: TokenIssue): Promise<void>;
  /** One query: the token with its live grant, client and user. */
  findAccessToken(tokenHash: string): Promise<AccessTokenRecord | undefined>;
  rotateRefreshToken(request: RotateRefreshRequest): Promise<RotateRefreshResult>;
  /** RFC 7009, and spec 4.2 (revoking signs the client out): either kind of token ends its whole grant. */
  revokeToken(tokenHash: string, clientId: string, nowMs: number): Promise<RevokeTokenResult>;

  listConnectedApps(userId: string): Promise<ConnectedApp[]>;
  /** Revokes every grant (and so every token) of this person for this client; returns how many. */
  revokeClientForUser(userId: string, clientId: string, nowMs: number): Promise<number>;
  listLiveTokens(userId: string, nowMs: number): Promise<LiveToken[]>;
  /**
   * Disables the account and, in the same transaction, ends all it holds: every grant with its
   * tokens, every unredeemed code and every sign-in session. Enabling it again (`setUserDisabled`
   * with false) brings none of them back. False when there is no such user.
   */
  disableUser(userId: string, nowMs: number): Promise<boolean>;

  insertSignInSession(sessionHash: string, session: SignInSession & { readonly createdAt: number }): Promise<void>;
  /** The live session, or undefined when unknown, expired or its user is disabled. */
  findSignInSession(sessionHash: string, nowMs: number): Promise<SignInSession | undefined>;
  deleteSignInSession(sessionHash: string): Promise<void>;
}
