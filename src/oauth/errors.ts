/** The closed set of OAuth error codes we answer with (RFC 6749, 7009, 7591, 8707 and the spec). */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'temporarily_unavailable';

const defaultStatus: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 400,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  unsupported_response_type: 400,
  invalid_scope: 400,
  invalid_target: 400,
  access_denied: 403,
  // The spec answers every registration refusal with 422.
  invalid_redirect_uri: 422,
  invalid_client_metadata: 422,
  temporarily_unavailable: 503,
};

/** Bad input from outside, carrying its HTTP status; `http/middleware/errors.ts` renders it. */
export class OAuthError extends Error {
  readonly status: number;
  /** Sent as `Retry-After` (with `temporarily_unavailable`): when asking again may succeed. */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: OAuthErrorCode,
    readonly description?: string,
    options: { status?: number; retryAfterSeconds?: number } = {},
  ) {
    super(description ?? code);
    this.name = 'OAuthError';
    this.status = options.status ?? defaultStatus[code];
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** The JSON body: `error`, plus `error_description` when there is one (never null). */
  toJSON(): { error: OAuthErrorCode; error_description?: string } {
    return this.description === undefined ? { error: this.code } : { error: this.code, error_description: this.description };
  }
}

export const invalidRequest = (description: string): OAuthError => new OAuthError('invalid_request', description);
export const invalidGrant = (description: string): OAuthError => new OAuthError('invalid_grant', description);
export const invalidClientMetadata = (description: string): OAuthError =>
  new OAuthError('invalid_client_metadata', description);
