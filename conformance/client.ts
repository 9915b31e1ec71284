import * as oidc from 'openid-client';
import { formBody, jsonBody, type Exchange, type FormFields, type Http } from './http.js';

export const MCP_SCOPE = 'mcp_customer';

/** Section 2.1, request fields. */
export interface RegistrationRequest {
  readonly client_name: string;
  readonly redirect_uris: readonly string[];
  readonly grant_types: readonly string[];
  readonly response_types: readonly string[];
  readonly token_endpoint_auth_method: string;
  readonly scope: string;
}

export function registrationRequest(clientName: string, redirectUris: readonly string[]): RegistrationRequest {
  return {
    client_name: clientName,
    redirect_uris: redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: MCP_SCOPE,
  };
}

/** A registration body sent as these very characters, declared JSON: one that is no JSON at all. */
export class NotJsonBody {
  constructor(readonly text: string) {}
}

/**
 * Raw, so that checks see exactly what the registration endpoint answered; from `localAddress`
 * when given (a second client of the deployment).
 */
export function register(http: Http, endpoint: string, request: unknown, localAddress?: string): Promise<Exchange> {
  const json = request instanceof NotJsonBody ? { headers: { 'content-type': 'application/json' }, body: request.text } : jsonBody(request);
  const sent = { method: 'POST', url: endpoint, headers: { ...json.headers, accept: 'application/json' }, body: json.body };
  return http.send(localAddress === undefined ? sent : { ...sent, localAddress });
}

export interface TokenSet {
  readonly accessToken: string;
  readonly refreshToken: string | undefined;
  readonly expiresIn: number | undefined;
  readonly scope: string | undefined;
  readonly tokenType: string;
  readonly receivedAt: number;
}

/** An authorization request on its way: what the client must remember until the callback. */
export interface PendingAuthorization {
  readonly url: URL;
  readonly state: string;
  readonly codeVerifier: string;
  readonly codeChallenge: string;
}

// Characters a careless server mangles (percent-encoding, '+' as space): state must come back
// byte for byte.
const STATE_SUFFIX = '~.+/=';

/**
 * A public client (no secret) of one deployment, built on openid-client: PKCE S256, code
 * exchange, refresh and revocation. Negative cases that a well-behaved library refuses to send
 * go through `tokenRequest`, which is raw.
 */
export class OAuthClient {
  private readonly config: oidc.Configuration;

  constructor(
    private readonly http: Http,
    server: oidc.ServerMetadata,
    readonly clientId: string,
    readonly redirectUri: string,
    /** RFC 8707 resource indicator: the MCP host. */
    readonly resource: string,
  ) {
    // The runner checks `iss` on the authorization response itself (authorization/iss-returned),
    // so that a wrong or missing value fails that check instead of every check needing a token.
    const { authorization_response_iss_parameter_supported: _checkedSeparately, ...metadata } = server;
    this.config = new oidc.Configuration(
      metadata,
      clientId,
      { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' },
      oidc.None(),
    );
    // Local and test deployments speak plain http; https ones keep openid-client's https-only rule.
    if (new URL(resource).protocol === 'http:') oidc.allowInsecureRequests(this.config);
    this.config[oidc.customFetch] = http.fetch;
    this.config.timeout = Math.ceil(http.timeoutMs / 1000);
  }

  get tokenEndpoint(): string {
    return String(this.config.serverMetadata().token_endpoint);
  }

  /** `overrides` replace or (with undefined) remove standard parameters, for negative probes. */
  async beginAuthorization(
    overrides: Readonly<Record<string, string | undefined>> = {},
  ): Promise<PendingAuthorization> {
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
    const state = `${oidc.randomState()}${STATE_SUFFIX}`;
    const parameters: Record<string, string | undefined> = {
      redirect_uri: this.redirectUri,
      scope: MCP_SCOPE,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      state,
      resource: this.resource,
      ...overrides,
    };
    const defined = Object.entries(parameters).filter((entry): entry is [string, string] => entry[1] !== undefined);
    const url = oidc.buildAuthorizationUrl(this.config, Object.fromEntries(defined));
    return { url, state, codeVerifier, codeChallenge };
  }

  /** Exchanges the code of an authorization response (`callback`) with its PKCE verifier. */
  async redeem(callback: URL, codeVerifier: string): Promise<TokenSet> {
    const code = callback.searchParams.get('code');
    if (!code) throw new Error(`the authorization response carries no code: ${callback.search || '(no query)'}`);
    const response = new URL(`${callback.origin}${callback.pathname}`);
    response.searchParams.set('code', code);
    const tokens = await oidc.authorizationCodeGrant(
      this.config,
      response,
      { pkceCodeVerifier: codeVerifier, expectedState: oidc.skipStateCheck },
      { resource: this.resource },
    );
    return tokenSet(tokens);
  }

  async refresh(refreshToken: string): Promise<TokenSet> {
    return tokenSet(await oidc.refreshTokenGrant(this.config, refreshToken, { resource: this.resource }));
  }

  async revoke(token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
    await oidc.tokenRevocation(this.config, token, { token_type_hint: hint });
  }

  /** A raw token endpoint request from this client. */
  tokenRequest(fields: FormFields): Promise<Exchange> {
    return this.post(this.tokenEndpoint, fields);
  }

  /** A raw revocation request from this client, for hints and malformed requests openid-client will not send. */
  revocationRequest(fields: FormFields): Promise<Exchange> {
    const endpoint = this.config.serverMetadata().revocation_endpoint;
    if (!endpoint) throw new Error('the authorization-server metadata names no revocation_endpoint');
    return this.post(endpoint, fields);
  }

  private post(url: string, fields: FormFields): Promise<Exchange> {
    // The fields' own client_id, when given, replaces this client's (negative probes).
    const pairs: ReadonlyArray<readonly [string, string]> = Array.isArray(fields) ? fields : Object.entries(fields);
    const form = formBody(pairs.some(([name]) => name === 'client_id') ? pairs : [['client_id', this.clientId], ...pairs]);
    return this.http.send({ method: 'POST', url, headers: { ...form.headers, accept: 'application/json' }, body: form.body });
  }
}

function tokenSet(response: oidc.TokenEndpointResponse): TokenSet {
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    expiresIn: response.expires_in,
    scope: response.scope,
    tokenType: response.token_type,
    receivedAt: Date.now(),
  };
}
