import type { Clock } from '../platform/clock.js';
import type { Store } from '../store/store.js';
import type { ClientKeySets } from './client-metadata/key-sets.js';
import type { ClientMetadataResolver } from './client-metadata/resolver.js';
import type { IdJagKeys } from './id-jag/keys.js';
import type { SsoRelyingParty } from './sso/relying-party.js';

/** What every OAuth handler needs; built once by the composition root. */
export interface OAuthContext {
  readonly store: Store;
  readonly clock: Clock;
  /** `{base_url}` with no trailing slash: the issuer, the resource and the MCP host. */
  readonly issuer: string;
  /** `{auth_url}` with no trailing slash: sign-in, consent, token and revocation. */
  readonly authUrl: string;
  /** Spec 2.2: one hour; shorter only on test deployments (`--access-token-ttl`). */
  readonly accessTokenTtlMs: number;
  /** How long a rotated refresh token may be presented again as a retry (0: never; issue 23). */
  readonly refreshGraceMs: number;
  /** Clients whose client_id is the https URL of their metadata document. */
  readonly clientMetadata: ClientMetadataResolver;
  /**
   * `serve --client-auth-private-key-jwt`: metadata-document clients may authenticate with
   * private_key_jwt (RFC 7523; ChatGPT does), their keys kept here. Absent: `none` only, as the
   * contract's metadata says.
   */
  readonly privateKeyJwt?: ClientKeySets;
  /** Sign-in through the company's OpenID provider, beside the password form; absent when off. */
  readonly sso?: SingleSignOn;
}

export interface SingleSignOn {
  /** The button says "Sign in with <name>". */
  readonly name: string;
  readonly relyingParty: SsoRelyingParty;
  /** A workspace where a verified email with no account gets a member account. */
  readonly createAccountsIn?: string;
  /** Who may get such an account: email domains, `hd:DOMAIN` or `tid:TENANT` (`--sso-allowed-domains`). */
  readonly allowedToJoin?: readonly string[];
  /** `--sso-id-jag`: the provider's ID-JAGs redeem at the token endpoint, checked with these keys; absent when off. */
  readonly idJag?: IdJagKeys;
}

/** Cookies carry `Secure` whenever the auth host is served over https. */
export const isSecureOrigin = (context: OAuthContext): boolean => context.authUrl.startsWith('https:');

/** RFC 8707 `resource` names this server, with or without a trailing slash. */
export const namesThisResource = (context: OAuthContext, resource: string): boolean =>
  resource.replace(/\/$/, '') === context.issuer;
