/**
 * Ways to break the fake deployment in the rules read from the Client ID Metadata Documents
 * draft, MCP Apps and single branches of the OAuth RFCs (issue 26), one rule each.
 */
export interface SourceFaults {
  /** Takes a client_id URL that breaks one rule of the draft's section 3 as the document's own URL. */
  readonly clientMetadataUrlLoose?: 'http-scheme' | 'fragment' | 'dot-segment' | 'double-dot-segment' | 'userinfo' | 'user-only';
  /** Lets a metadata-document client redirect anywhere, not only to the document's redirect_uris. */
  readonly clientMetadataRedirectUnchecked?: boolean;
  /** Accepts an https client_id whose document cannot be fetched, trusting the request's redirect URI. */
  readonly clientMetadataMissingAccepted?: boolean;
  /** Shows a metadata-document client's name on the consent page, but not its client_id's host. */
  readonly consentHidesClientIdHost?: boolean;
  /** Grants a token for any resource named in the authorization request, or for its own with a fragment. */
  readonly foreignResourceGranted?: 'any' | 'fragment';
  /** Reads the first of a repeated authorization parameter instead of refusing the request. */
  readonly repeatedParameterAccepted?: boolean;
  /** Takes a resource at the token endpoint without looking at it. */
  readonly tokenResourceUnchecked?: boolean;
  /** Refuses a foreign resource at one endpoint, but with invalid_request instead of RFC 8707's invalid_target. */
  readonly foreignResourceRefusedAs?: 'token-invalid-request' | 'authorize-invalid-request';
  /** Looks a revoked token up only under its token_type_hint. */
  readonly revocationTrustsHint?: boolean;
  /** Puts an error code in the challenge of a request that sent no token. */
  readonly errorCodeWithoutToken?: boolean;
  /** Refuses an authorization request carrying a parameter it does not know. */
  readonly unknownParameterRefused?: boolean;
  // RFC 6749 (3.1-3.3), 6750, 7009, 7636 and 8414 read whole
  /** Takes an empty authorization parameter (resource=) as its value instead of as omitted. */
  readonly emptyAuthorizationParameterKept?: boolean;
  /** Refuses an authorization request without scope with invalid_request. */
  readonly scopeRequired?: boolean;
  /** Takes an empty token parameter as its value, reads the first of a repeated one, or refuses an unknown one. */
  readonly tokenParameters?: 'empty-kept' | 'repeated-first' | 'unknown-refused';
  /** Redeems a code with any verifier that matches its challenge, whatever its length or characters. */
  readonly verifierFormUnchecked?: boolean;
  /** Redeems a code sent without a code_verifier, its challenge unverified. */
  readonly missingVerifierAccepted?: boolean;
  /** Takes a code_challenge sent without a method as S256 instead of plain. */
  readonly missingMethodAsS256?: boolean;
  /** Fails a code_challenge sent without a method with server_error instead of taking it as plain. */
  readonly missingMethodCrashes?: boolean;
  /** Refuses a request without a challenge, or with an unknown method, without error_description. */
  readonly pkceRefusalsUnexplained?: boolean;
  /** Repeats realm in the 401 challenge. */
  readonly challengeRepeatsRealm?: boolean;
  /** Answers a revocation request without a token 200, as if it were an invalid token. */
  readonly revokeWithoutTokenAccepted?: boolean;
  /** Refuses a token_type_hint it does not know with unsupported_token_type. */
  readonly revocationRefusesUnknownHint?: boolean;
  /** Registers a client with no redirect URI: an empty or missing redirect_uris. */
  readonly emptyRedirectUrisAccepted?: boolean;
  /** Generates client_ids that are https URLs (it still knows them as registered clients). */
  readonly registeredClientIdLikeUrl?: boolean;
  /** Breaks one rule of the results view served as an MCP App (fake/results-app.ts). */
  readonly mcpAppFault?: McpAppFault;
  /** RFC 9700 §2.6: lets any origin read the authorization endpoint (CORS). */
  readonly authorizationEndpointCors?: boolean;
  /** RFC 9700 §4.1.3: matches a redirect URI by prefix, ignoring case, or after decoding it and dropping its user. */
  readonly redirectMatchLoose?: 'prefix' | 'case-insensitive' | 'normalised';
  /** RFC 9700 §4.12: answers the posted sign-in and consent forms with this status instead of 303. */
  readonly formPostRedirectStatus?: 302 | 307;
  /** RFC 9700 §4.2.4: the consent page loads a script from another site. */
  readonly consentThirdPartyScript?: boolean;
  /** RFC 9728 §5.1: the 401 challenge points to the authorization-server metadata, which names no resource. */
  readonly challengePointsElsewhere?: boolean;
}

/** One way to serve an MCP App wrong. */
export type McpAppFault =
  | 'https-resource-uri'
  | 'resource-missing'
  | 'plain-html-mime-type'
  | 'content-uri-differs'
  | 'not-a-document'
  | 'csp-domains-string'
  | 'csp-path-not-origin'
  | 'visibility-string'
  | 'text-and-blob'
  | 'permissions-boolean'
  /** The view's content as text/html in the 2026-07-28 era only. */
  | 'modern-plain-html-mime-type'
  /** resources/list names a ui:// resource as text/html. */
  | 'listed-plain-mime-type'
  /** resources/list answers an empty list in both eras, though a tool names the view. */
  | 'views-unlisted'
  /** The view's HTML cut at half, as a proxy that drops the rest of a long body leaves it. */
  | 'view-cut-at-half';
