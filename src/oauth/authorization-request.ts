import type { OAuthClient } from '../store/auth-store.js';
import { lookUpClient } from './clients.js';
import { namesThisResource, type OAuthContext } from './context.js';
import type { OAuthErrorCode } from './errors.js';
import { explain, ours, type Explanation } from './explanation.js';
import { isPkceMethod, isValidChallenge, type PkceMethod } from './pkce.js';
import { redirectUriMatches } from './redirect-uri.js';
import { mcpScope } from './tokens.js';

/** The parameters of an authorization request we read (and carry through the consent form). */
export const authorizationParams = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'resource',
] as const;

export type AuthorizationParams = Partial<Record<(typeof authorizationParams)[number], string>>;

export interface AuthorizationRequest {
  readonly client: OAuthClient;
  readonly redirectUri: string;
  readonly state: string | undefined;
  readonly codeChallenge: string;
  readonly codeChallengeMethod: PkceMethod;
  readonly scope: string;
  readonly params: AuthorizationParams;
}

export type AuthorizationCheck =
  | { readonly kind: 'valid'; readonly request: AuthorizationRequest }
  /** Client or redirect URI not validated: show a page, never redirect (no open redirector). */
  | {
      readonly kind: 'page';
      readonly unknownClient: boolean;
      readonly reason: Explanation;
      /** The client's document could not be fetched just now: a page that says to retry (503). */
      readonly retry?: true;
    }
  /** The redirect URI is registered: the error belongs to the client there (see `authorize.ts`). */
  | {
      readonly kind: 'redirect';
      readonly client: OAuthClient;
      readonly redirectUri: string;
      readonly state: string | undefined;
      readonly error: OAuthErrorCode;
      readonly description: Explanation;
    };

/** Reads the known parameters; a repeated one is an error, an empty one is as if omitted (RFC 6749 §3.1). */
export function readAuthorizationParams(source: Record<string, unknown>): AuthorizationParams | string {
  const params: AuthorizationParams = {};
  for (const name of authorizationParams) {
    const value = source[name];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string') return `'${name}' must be given once`;
    params[name] = value;
  }
  return params;
}

/**
 * Validates in two phases: client and redirect URI first, then everything else. `caller` is the
 * requester's address, charged for a first fetch of a client metadata document.
 */
export async function checkAuthorizationRequest(
  context: OAuthContext,
  source: Record<string, unknown>,
  caller?: string,
): Promise<AuthorizationCheck> {
  const params = readAuthorizationParams(source);
  if (typeof params === 'string') return { kind: 'page', unknownClient: false, reason: ours(params) };
  const clientId = params.client_id;
  if (!clientId) return { kind: 'page', unknownClient: false, reason: ours("the request has no 'client_id'") };
  const found = await lookUpClient(context, clientId, caller);
  if (found.kind === 'unavailable') return { kind: 'page', unknownClient: true, reason: found.reason, retry: true };
  if (found.kind !== 'found') {
    return {
      kind: 'page',
      unknownClient: true,
      reason:
        found.kind === 'refused' ? found.reason : explain`no app is registered with client_id ${clientId}; the app should register again`,
    };
  }
  const { client } = found;
  const redirectUri = params.redirect_uri;
  if (!redirectUri) return { kind: 'page', unknownClient: false, reason: ours("the request has no 'redirect_uri'") };
  if (!client.redirectUris.some((registered) => redirectUriMatches(registered, redirectUri))) {
    return {
      kind: 'page',
      unknownClient: false,
      reason: explain`${redirectUri} is not a redirect URI registered by ${client.name}`,
    };
  }

  const state = params.state;
  const fail = (error: OAuthErrorCode, description: Explanation): AuthorizationCheck => ({
    kind: 'redirect',
    client,
    redirectUri,
    state,
    error,
    description,
  });
  if (params.response_type !== 'code') {
    return fail('unsupported_response_type', explain`'response_type' must be 'code', got ${params.response_type ?? ''}`);
  }
  const challenge = params.code_challenge;
  if (!challenge) return fail('invalid_request', ours("'code_challenge' is required: this server requires PKCE (use S256)"));
  const method = params.code_challenge_method ?? 'plain';
  if (!isPkceMethod(method)) {
    return fail('invalid_request', explain`'code_challenge_method' ${method} is not supported: use S256 (or plain)`);
  }
  if (!isValidChallenge(method, challenge)) {
    return fail(
      'invalid_request',
      ours(
        method === 'S256'
          ? "'code_challenge' must be 43 base64url characters (the SHA-256 of the verifier)"
          : "'code_challenge' must be 43 to 128 characters of [A-Za-z0-9-._~]",
      ),
    );
  }
  // RFC 6749 §3.3 lets us ignore what we do not offer: clients that add `openid` or
  // `offline_access` still get `mcp_customer` (the token response names it). Asking only for
  // other scopes is refused, since this server can grant none of them.
  const scopes = (params.scope?.trim() || mcpScope).split(' ').filter(Boolean);
  if (!scopes.includes(mcpScope)) {
    return fail('invalid_scope', explain`'scope' ${params.scope ?? ''} is not offered: the only scope is ${ours(`'${mcpScope}'`)}`);
  }
  if (params.resource !== undefined && !namesThisResource(context, params.resource)) {
    return fail('invalid_target', explain`'resource' must be ${ours(`'${context.issuer}'`)}, got ${params.resource}`);
  }
  return {
    kind: 'valid',
    request: { client, redirectUri, state, codeChallenge: challenge, codeChallengeMethod: method, scope: mcpScope, params },
  };
}

/** The redirect back to the client: `state` byte-exact and `iss` on every response (RFC 9207). */
export function authorizationResponseUrl(
  context: OAuthContext,
  redirectUri: string,
  state: string | undefined,
  fields: Record<string, string>,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(fields)) url.searchParams.append(name, value);
  if (state !== undefined) url.searchParams.append('state', state);
  url.searchParams.append('iss', context.issuer);
  return url.href;
}
