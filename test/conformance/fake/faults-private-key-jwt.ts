import type { SkillsFault } from './skills.js';

/** Ways to break the fake's private_key_jwt client authentication and its Skills extension (issue 35), one rule each. */
export interface PrivateKeyJwtFaults {
  /** Lists none alone: the runner's private_key_jwt checks skip, as the contract allows. */
  readonly privateKeyJwtUnlisted?: boolean;
  /** Lists private_key_jwt without token_endpoint_auth_signing_alg_values_supported. */
  readonly signingAlgsUnlisted?: boolean;
  /** Refuses every assertion, good ones too. */
  readonly assertionsRefused?: boolean;
  readonly assertionAudienceUnchecked?: boolean;
  /** Takes an array aud that names the issuer among others (the bis draft asks for one string). */
  readonly assertionAudienceArrayAccepted?: boolean;
  /** Takes an array aud that names the token endpoint among others (the audience-injection form). */
  readonly assertionAudienceInjectionAccepted?: boolean;
  /** Takes an assertion whose iat is in the future beyond the clock skew. */
  readonly assertionIatFutureAccepted?: boolean;
  /** Takes an assertion whose iat is older than any lifetime it allows. */
  readonly assertionIatAgeUnchecked?: boolean;
  /** Conformant: takes the issuer alone as an assertion's aud, not the token endpoint URL RFC 7523 section 3 (3) only permits (rfc7523bis drops it). */
  readonly assertionTokenEndpointAudienceRefused?: boolean;
  /** Reads keys inline in 'jwks' only: a document naming them at a jwks_uri cannot authenticate. */
  readonly jwksUriUnread?: boolean;
  /** Ignores a client assertion sent for a public client instead of refusing it. */
  readonly publicClientAssertionIgnored?: boolean;
  readonly assertionExpiryUnchecked?: boolean;
  readonly assertionSignatureUnchecked?: boolean;
  /** Issues tokens to a private_key_jwt client that sends no assertion. */
  readonly assertionOptional?: boolean;
  /** Accepts one assertion (one jti) again and again. */
  readonly assertionJtiReusable?: boolean;
  /** Breaks one rule of the Skills extension (SEP-2640) in both eras. */
  readonly skillsFault?: SkillsFault;
}
