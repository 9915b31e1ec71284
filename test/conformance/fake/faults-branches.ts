/**
 * Ways to break the fake deployment in one branch of a rule only (issue 31): the other grant,
 * the other token kind, the other page, one malformed form of several. Each is caught by the
 * check that takes that branch, and by no other.
 */
export interface BranchFaults {
  /** The refresh grant's token response lacks Cache-Control: no-store; the code grant's has it. */
  readonly refreshCacheable?: boolean;
  /** Access tokens renewed by the refresh grant live two hours; those of the code grant one. */
  readonly refreshLongLived?: boolean;
  /** A replayed code revokes the access tokens of its first redemption, not its refresh token. */
  readonly codeReplayKeepsRefreshToken?: boolean;
  /** Looks a refresh token up only under its hint (an access token is searched for everywhere). */
  readonly refreshRevocationTrustsHint?: boolean;
  /** Lets any client revoke a refresh token (access tokens stay with their client). */
  readonly revokeAnyClientsRefreshToken?: boolean;
  /** The sign-in page sends no framing headers; the consent page does. */
  readonly framableSignIn?: boolean;
  /** The sign-in form is accepted whatever its CSRF token (login CSRF). */
  readonly signInIgnoresCsrf?: boolean;
  /** Takes an authorization request without response_type as one for a code. */
  readonly missingResponseTypeAsCode?: boolean;
  /** Takes code verifiers and plain challenges of up to 256 characters. */
  readonly longVerifierAccepted?: boolean;
  /** Takes a resource that is not an absolute URI (resource=mcp) as its own, at this endpoint. */
  readonly relativeResourceAccepted?: 'authorization' | 'token';
  /** Redeems a code whatever absolute resource the redemption names. */
  readonly codeResourceUnchecked?: boolean;
  /** Only refuses an MCP-Protocol-Version shaped as a date; any other value is let through. */
  readonly versionHeaderFormUnchecked?: boolean;
  /** Answers an unknown refresh token from a registered client with invalid_request, not invalid_grant. */
  readonly unknownRefreshTokenInvalidRequest?: boolean;
  /** RFC 6749 §3.2 broken on the grant token-request-parameters does not try it on. */
  readonly otherGrantTokenParameters?: 'code-empty-kept' | 'code-unknown-refused' | 'refresh-repeated-first';
  /** Takes any verifier for a code issued for a plain challenge. */
  readonly plainVerifierUnchecked?: boolean;
  /** Answers a posted JSON-RPC response as if it were a request (200 and a JSON-RPC error). */
  readonly responseAnsweredAsRequest?: boolean;
  /** Answers a Bearer value outside the token68 characters with 400 invalid_request. */
  readonly malformedToken400?: boolean;
  /** Registers native redirect URIs only: an https one is refused. */
  readonly httpsRedirectsRefused?: boolean;
  /** Sends this endpoint's JSON answers as text/plain (the token endpoint's errors only). */
  readonly jsonAsTextPlain?: 'protected-resource' | 'registration' | 'token' | 'revocation' | 'auth-origin-metadata';
}
