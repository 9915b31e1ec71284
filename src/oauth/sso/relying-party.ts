import * as oidc from 'openid-client';
import { SsoCallbackError, SsoDiscoveryError } from './errors.js';

/**
 * The server as an OpenID relying party at the company's provider, on `openid-client`:
 * authorization code with PKCE S256, `state` and `nonce`, and the ID token checked for issuer,
 * audience, expiry, nonce and its signature against the provider's published keys.
 */

/** Scopes asked for: the ID token then carries `email`, `email_verified` and `name`. */
export const ssoScopes = 'openid email profile';

const timeoutSeconds = 10;

/** Who we are at the provider: the `--sso-*` settings the relying party needs. */
export interface RelyingPartySettings {
  readonly issuer: string;
  readonly clientId: string;
  /** Undefined: a public client, with PKCE alone. */
  readonly clientSecret: string | undefined;
}

/** What one sign-in at the provider is bound to; kept in the person's browser until the callback. */
export interface SsoAttempt {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  /** Where the person goes once signed in: an authorization request or the connected-apps page. */
  readonly returnTo: string;
}

/** The claims the platform needs from the validated ID token (or, lacking `email`, from UserInfo). */
export interface SsoClaims {
  readonly issuer: string;
  readonly subject: string;
  readonly email: unknown;
  readonly emailVerified: unknown;
  readonly name: unknown;
  readonly tenant: { readonly hd: unknown; readonly tid: unknown };
}

/** How far in the future an ID token's `iat` may lie: clocks drift, tokens are not issued tomorrow. */
export const iatSkewSeconds = 60;

/** Every message down the chain of causes: openid-client wraps the precise one. */
function describe(error: unknown): string {
  const messages: string[] = [];
  for (let cause = error; cause instanceof Error && messages.length < 4; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    messages.push(typeof code === 'string' && !cause.message.includes(code) ? `${cause.message} (${code})` : cause.message);
  }
  return messages.join(': ') || String(error);
}

const claimOf = (error: unknown): unknown => {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const claim = (cause.cause as { claim?: unknown } | undefined)?.claim;
    if (claim !== undefined) return claim;
  }
  return undefined;
};

export class SsoRelyingParty {
  private constructor(
    private readonly settings: RelyingPartySettings,
    private readonly metadata: oidc.ServerMetadata,
    private readonly clientAuth: oidc.ClientAuth,
  ) {}

  /** OpenID Connect Discovery at start-up; a provider that cannot be used stops the server. */
  static async discover(settings: RelyingPartySettings): Promise<SsoRelyingParty> {
    let config: oidc.Configuration;
    try {
      config = await oidc.discovery(new URL(settings.issuer), settings.clientId, undefined, oidc.None(), {
        execute: settings.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
        timeout: timeoutSeconds,
      });
    } catch (error) {
      throw new SsoDiscoveryError(`single sign-on: the OpenID provider '${settings.issuer}' cannot be used: ${describe(error)}`);
    }
    const metadata = config.serverMetadata();
    const missing = (['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const).filter((field) => !metadata[field]);
    if (missing.length > 0) {
      throw new SsoDiscoveryError(
        `single sign-on: the OpenID provider '${settings.issuer}' publishes no ${missing.map((f) => `'${f}'`).join(', ')} in its discovery document`,
      );
    }
    if (!metadata.code_challenge_methods_supported?.includes('S256') && metadata.code_challenge_methods_supported !== undefined) {
      throw new SsoDiscoveryError(`single sign-on: the OpenID provider '${settings.issuer}' does not support PKCE with S256`);
    }
    return new SsoRelyingParty(settings, metadata, clientAuthFor(settings, metadata));
  }

  /** The provider's issuer and published key set: where an ID-JAG's signing key is (--sso-id-jag). */
  get keySet(): { readonly issuer: string; readonly jwksUri: string } {
    return { issuer: this.metadata.issuer, jwksUri: this.metadata.jwks_uri! };
  }

  /**
   * A configuration per sign-in: its key cache starts empty, so the ID token is checked against
   * the keys the provider publishes now, and a rotated key is never refused for a minute.
   */
  private configuration(): oidc.Configuration {
    const config = new oidc.Configuration(this.metadata, this.settings.clientId, undefined, this.clientAuth);
    if (this.settings.issuer.startsWith('http:')) oidc.allowInsecureRequests(config);
    oidc.enableNonRepudiationChecks(config);
    config.timeout = timeoutSeconds;
    return config;
  }

  async newAttempt(returnTo: string): Promise<{ attempt: SsoAttempt; codeChallenge: string }> {
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const attempt = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier, returnTo };
    return { attempt, codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier) };
  }

  authorizationUrl(redirectUri: string, attempt: SsoAttempt, codeChallenge: string): URL {
    return oidc.buildAuthorizationUrl(this.configuration(), {
      redirect_uri: redirectUri,
      scope: ssoScopes,
      state: attempt.state,
      nonce: attempt.nonce,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
  }

  /** Redeems the code of `callbackUrl` (our redirect URI with the provider's answer) and validates the ID token. */
  async claims(callbackUrl: URL, attempt: SsoAttempt, nowMs: number): Promise<SsoClaims> {
    const config = this.configuration();
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new SsoCallbackError(describe(error), claimOf(error) === 'nonce' ? 'nonce_mismatch' : 'invalid_answer');
    }
    const idToken = tokens.claims()!;
    if (idToken.iat > nowMs / 1000 + iatSkewSeconds) {
      const ahead = Math.round(idToken.iat - nowMs / 1000);
      throw new SsoCallbackError(`the ID token says it was issued ${ahead} seconds in the future ('iat'; at most ${iatSkewSeconds} s of clock skew is allowed)`, 'invalid_answer');
    }
    let source: Record<string, unknown> = idToken;
    // Some providers put email in UserInfo only; it must be about the same subject.
    if (idToken.email === undefined && this.metadata.userinfo_endpoint) {
      try {
        source = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
      } catch (error) {
        throw new SsoCallbackError(describe(error), 'invalid_answer');
      }
    }
    return {
      issuer: idToken.iss,
      subject: idToken.sub,
      email: source.email,
      emailVerified: source.email_verified,
      name: source.name,
      tenant: { hd: idToken.hd, tid: idToken.tid },
    };
  }
}

/** A secret makes a confidential client: Basic where the provider allows it (the default), else POST. */
function clientAuthFor(settings: RelyingPartySettings, metadata: oidc.ServerMetadata): oidc.ClientAuth {
  if (settings.clientSecret === undefined) return oidc.None();
  const methods = metadata.token_endpoint_auth_methods_supported;
  return !methods || methods.includes('client_secret_basic')
    ? oidc.ClientSecretBasic(settings.clientSecret)
    : oidc.ClientSecretPost(settings.clientSecret);
}
