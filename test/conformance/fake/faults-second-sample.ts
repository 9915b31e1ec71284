/**
 * Issue 41's second fresh sample of realistic faults (docs/runner-power.md, "A second fresh sample
 * of realistic faults"): each breaks one branch the way a framework default, a proxy or a
 * forgotten branch does. The sample's faults that an older fault already expresses use that one.
 */
export type SampleFault =
  /** A 2026-07-28 notification is answered 200 with a JSON-RPC result under id null. */
  | 'modern-notification-answered'
  /** `Origin: null` is taken for no Origin. */
  | 'origin-null-as-absent'
  /** An unknown version later than 2026-07-28 is served as 2026-07-28 (the era picked by date comparison). */
  | 'later-version-as-modern'
  /** The challenge points at /.well-known/oauth-protected-resource/mcp, whose document names …/mcp as resource. */
  | 'challenge-points-to-mounted-metadata'
  /** A refresh token presented as a bearer token gets a 401 with neither challenge nor error. */
  | 'refresh-token-bearer-unexplained'
  /** The code grant takes any of the client's registered redirect URIs, not the authorization request's. */
  | 'code-redirect-any-registered'
  /** 2026-07-28 tool results carry their numbers as strings. */
  | 'modern-numbers-as-strings'
  /** A client_id URL whose document cannot be fetched for another reason than a 404 (its host unreachable) is served as a client without metadata. */
  | 'document-failure-falls-through'
  /** Redirect URIs compared without their query. */
  | 'redirect-query-ignored'
  /** A registration without token_endpoint_auth_method gets client_secret_basic and a client_secret. */
  | 'default-auth-method-secret'
  /** GET / asking for an event stream answers 200 text/html (a single-page fallback). */
  | 'stream-get-html-fallback'
  /** The preflight OPTIONS / is answered 401 (the bearer check before CORS on the MCP path). */
  | 'preflight-behind-bearer'
  /** 2026-07-28 resources/list answers -32601 while discover declares resources. */
  | 'modern-resources-list-missing'
  /** The stream-opening GET is answered 404 text/plain, with no JSON-RPC error. */
  | 'stream-404-plain-text'
  /** The auth host's authorization-server metadata carries ui_locales_supported: []. */
  | 'auth-host-empty-ui-locales'
  /** The sign-in form carries a return_to field and follows it anywhere after a sign-in. */
  | 'sign-in-return-to-anywhere'
  /** A metadata-document client revokes any client's token. */
  | 'document-client-revokes-any'
  /** An expired client assertion answers 400 invalid_grant. */
  | 'expired-assertion-invalid-grant'
  /** The token endpoint drops a client_id URL's fragment before it looks the client up. */
  | 'token-client-id-fragment-dropped'
  /** A metadata-document client's loopback redirect is taken without its document's redirect_uris. */
  | 'loopback-redirect-skips-document'
  /** A registration body that is JSON but not an object answers 400 from the body parser. */
  | 'register-non-object-400'
  /** The argument-less tool is listed in 2025-11-25 with properties: null. */
  | 'legacy-properties-null'
  /** The auth host's copy of the metadata omits code_challenge_methods_supported. */
  | 'auth-host-no-pkce-methods'
  /** Takes a client assertion whose sub names another client. */
  | 'assertion-sub-unchecked'
  /** The 2025-11-25 skills listing is empty while its capabilities declare the extension. */
  | 'legacy-skills-empty'
  /** A burst's refusals (within 50 ms of the last) are answered 503 by a proxy. */
  | 'burst-refused-503'
  /** The app tool names a ui:// URI renamed since; resources/read of it answers not found. */
  | 'view-uri-renamed'
  /** The refresh grant of a private_key_jwt client is served with no client assertion. */
  | 'jwt-refresh-unauthenticated';

export interface SecondSampleFaults {
  readonly sampleFault?: SampleFault;
}
