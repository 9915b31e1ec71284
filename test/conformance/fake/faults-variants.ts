/**
 * Faults the variants and parameter tables catch (issue 41): a rule kept for one client kind,
 * grant or token kind and broken on another, or one parameter of a request never looked at.
 */
export interface VariantFaults {
  /** Redeems a code sent without the redirect_uri it was issued for (RFC 6749 section 4.1.3). */
  readonly redirectUriOptionalAtToken?: boolean;
  /** Serves a public client's token request without client_id, taking the client from the code or refresh token. */
  readonly clientIdOptional?: boolean;
  /** Accepts an unsigned (alg: none) client assertion whose claims are right. */
  readonly assertionAlgNoneAccepted?: boolean;
  /** Answers a revocation request with an empty token= 200, as if it named an unknown token. */
  readonly revokeEmptyTokenAccepted?: boolean;
  /** Takes the first of a repeated revocation parameter instead of refusing the request. */
  readonly revocationRepeatedFirst?: boolean;
  /** Revokes nothing for a request without token_type_hint (answering 200), as if the hint were required. */
  readonly revocationNeedsHint?: boolean;
  /** Revokes a token for a request that names no client. */
  readonly revokeWithoutClientId?: boolean;
  /** Revoking an access token leaves its grant's refresh token renewing. */
  readonly revokeAccessKeepsRefresh?: boolean;
  /** Rotates the refresh token on the first refresh only; later ones hand the same one back. */
  readonly rotationStopsAfterFirst?: boolean;
  /** Revoking a refresh token revokes it and the access token issued with it, sparing earlier rotations' access tokens. */
  readonly revokeRefreshSparesEarlierAccess?: boolean;
  /** The connected-apps page answers a signed-in person with the sign-in form again. */
  readonly connectedAppsAsksSignIn?: boolean;
  /** A registered client whose redirect URIs include an https one gets an https URL as client_id. */
  readonly httpsClientIdForHttpsRedirect?: boolean;
}
