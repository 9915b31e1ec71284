/**
 * Issue 41's fresh sample of realistic faults (docs/runner-power.md): each breaks one branch the
 * way a framework default, a proxy or a forgotten branch does, on a client kind, grant, token
 * kind, era or host the rule's other branches do not share. The sample's faults that an older
 * fault already expresses use that one instead.
 */
export type FreshFault =
  /** Drops `state` from the authorization endpoint's error redirects (a denied consent keeps it). */
  | 'state-dropped-on-authorize-errors'
  /** Declares `tools` in initialize only to a client that declares elicitation. */
  | 'tools-capability-needs-elicitation'
  /** Takes a code_challenge_method it does not know (S384) as plain. */
  | 'unknown-challenge-method-as-plain'
  /** The 401 for an expired token says `Bearer error="invalid_token"` without resource_metadata. */
  | 'expired-challenge-without-metadata'
  /** A metadata-document client's token is refused tools/call with 403 insufficient_scope. */
  | 'cimd-token-without-tools-scope'
  /** A token once found valid is served on afterwards, revoked or expired (a cache of token checks keyed by token). */
  | 'token-validity-cached'
  /** Takes a host that starts with `localhost` for loopback at registration. */
  | 'localhost-prefix-loopback'
  /** Registers a client asking client_secret_post, and issues it a client_secret. */
  | 'client-secret-issued'
  /** Clears a key's whole log when its block lifts: the full budget again at once. */
  | 'log-cleared-when-block-lifts'
  /** The ID-JAG grant's token answer carries no Cache-Control. */
  | 'id-jag-answer-cacheable'
  /** Counts, then records the request 50 ms later: concurrent requests each see room. */
  | 'rate-check-then-record'
  /** A revocation with token_type_hint=refresh_token and no token answers 200. */
  | 'revocation-hint-before-token'
  /** Compares a registered (DCR) client's loopback redirect port exactly. */
  | 'dcr-loopback-port-exact'
  /** Publishes revocation_endpoint relative in the auth host's authorization-server metadata. */
  | 'relative-revocation-endpoint'
  /** Keys the MCP budget per person and client. */
  | 'budget-per-client'
  /** Answers a 2026-07-28 confirmation with resultType "incomplete". */
  | 'result-type-incomplete'
  /** Takes a resource with a fragment on the refresh grant (compared without it). */
  | 'refresh-resource-fragment'
  /** Refreshed tokens of private_key_jwt clients live a day. */
  | 'jwt-client-refresh-lives-a-day'
  /** A signed-in person's already-approved client gets its code at once, sent to any redirect_uri. */
  | 'approved-fast-path-unchecked'
  /** A metadata-document client redeems another client's code. */
  | 'cimd-redeems-any-code'
  /** response_type=token answers a metadata-document client with an access token in the fragment. */
  | 'implicit-for-cimd'
  /** A client_id URL whose document cannot be had redirects invalid_client to the redirect_uri given. */
  | 'unfetchable-document-redirects'
  /** A 2025-11-25 notification is accepted before the MCP-Protocol-Version check. */
  | 'notification-before-version-check'
  /** The 2026-07-28 tools/list gives list_surveys's limit a draft-04 `exclusiveMinimum: true`. */
  | 'draft-04-exclusive-minimum'
  /** The auth host answers 404 at /.well-known/oauth-authorization-server, openid-configuration still served. */
  | 'auth-host-metadata-404'
  /** Takes an HS256 ID-JAG whose MAC key is the provider's public key (PEM): algorithm confusion. */
  | 'id-jag-public-key-as-mac'
  /** A gateway replaces the MCP host's 401 challenge with its own `Bearer realm="api"`. */
  | 'gateway-replaces-challenge'
  /** The 429s of a burst (a refusal within 50 ms of the last) carry no Retry-After. */
  | 'burst-429-without-retry-after'
  /** The unknown-client error page writes the client_id into its HTML unescaped. */
  | 'error-page-reflects-client-id'
  /** A repeated 2026-07-28 server/discover is answered without serverInfo. */
  | 'cached-discover-loses-server-info'
  /** The error page for an unregistered redirect URI answers HTTP 200. */
  | 'error-page-status-200';

export interface FreshFaults {
  readonly freshFault?: FreshFault;
}
