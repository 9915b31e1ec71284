/**
 * Ways to break the fake deployment in the rules read from the Client ID Metadata Documents
 * draft, MCP Apps and single branches of the OAuth RFCs (issue 26), one rule each.
 */
export interface SourceFaults {
  /** Takes a client_id URL that breaks one rule of the draft's section 3 as the document's own URL. */
  readonly clientMetadataUrlLoose?: 'http-scheme' | 'fragment' | 'dot-segment' | 'userinfo';
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
  /** Looks a revoked token up only under its token_type_hint. */
  readonly revocationTrustsHint?: boolean;
  /** Puts an error code in the challenge of a request that sent no token. */
  readonly errorCodeWithoutToken?: boolean;
  /** Refuses an authorization request carrying a parameter it does not know. */
  readonly unknownParameterRefused?: boolean;
  /** Registers a client with no redirect URI: an empty or missing redirect_uris. */
  readonly emptyRedirectUrisAccepted?: boolean;
  /** Generates client_ids that are https URLs (it still knows them as registered clients). */
  readonly registeredClientIdLikeUrl?: boolean;
  /** Breaks one rule of the results view served as an MCP App (fake/results-app.ts). */
  readonly mcpAppFault?: McpAppFault;
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
  | 'listed-plain-mime-type';
