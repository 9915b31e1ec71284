import express, { type Request, type Response } from 'express';
import { consentPage, missingRedirectUri, page, signInPage } from './auth-pages.js';
import { connectedApps } from './connected-apps.js';
import { AUTHORIZATION_PARAMETERS, pick, repeatsAParameter, type AuthorizationRequest } from './authorization-parameters.js';
import { assertedClientId, assertionExpired, clientAuthenticates } from './client-assertion.js';
import type { Faults } from './faults.js';
import { errorPagesRefreshAway } from './invariant-faults.js';
import { jsonAsTextPlain } from './media-types.js';
import { redeemCode, refresh, verifierForm } from './token-endpoint.js';
import { resourceUnchecked, TOKEN_PARAMETERS, tokenParameterFault, tokenParameters } from './token-parameters.js';
import { isNative, redirectAllowed } from './redirects.js';
import { passwordAccount } from './faults-demonstrated.js';
import type { FakeSlidingLog } from './sliding-log.js';
import { CLIENT_METADATA_URL, randomId, USERS, type FakeClient, type FakeSession, type FakeState } from './state.js';
import { brokenDocumentClientId } from './survivors.js';
import { JWT_BEARER_GRANT, redeemIdJag } from './id-jag.js';
import { connectOnce, unguardedFetchTarget } from './fresh-seed.js';
import { documentUrlOf, jwtClient, withEmptyChallenge, LOOPBACK_REDIRECTS, loopbackHttpClient, ssoAccountByEmptyPassword, wrongSignInMessage } from './faults-third-sample.js';

export interface AuthHostConfig {
  readonly state: FakeState;
  readonly faults: Faults;
  /** The issuer: the MCP host's address, known once it listens. */
  readonly issuer: () => string;
  readonly accessTokenTtlSeconds: number;
  /** How long a rotated refresh token is answered as a retry. */
  readonly refreshGraceSeconds: number;
  /** The MCP host's authorization-server metadata, served here too (issue 23). */
  readonly authorizationServerMetadata: () => Record<string, unknown>;
  /** Wrong passwords per account, over all addresses (--sign-in-account-limit). */
  readonly signInAccountLimit: FakeSlidingLog;
}

/** Sign-in and consent pages, token and revocation endpoints: a small but honest auth host. */
export function createAuthHost(config: AuthHostConfig): express.Express {
  const { state, faults } = config;
  const app = express();
  app.use(express.urlencoded({ extended: false }));
  app.use(jsonAsTextPlain(faults.jsonAsTextPlain, { token: '/oauth/token', revocation: '/oauth/revoke', 'auth-origin-metadata': '/.well-known/oauth-authorization-server' }));
  app.use(errorPagesRefreshAway(faults.errorPagesRefreshAway));

  if (!faults.noAuthOriginMetadata) {
    app.use('/.well-known', (req, res, next) => {
      res.set('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS') return res.status(204).end();
      return next();
    });
    app.get(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'], (req, res) => {
      const rfc8414 = req.path === '/.well-known/oauth-authorization-server';
      if (rfc8414 && faults.freshFault === 'auth-host-metadata-404') return void res.status(404).type('html').send('<h1>Not Found</h1>');
      const metadata = config.authorizationServerMetadata();
      const relative = rfc8414 && faults.freshFault === 'relative-revocation-endpoint' ? { revocation_endpoint: '/oauth/revoke' } : {};
      const emptyLocales = rfc8414 && faults.sampleFault === 'auth-host-empty-ui-locales' ? { ui_locales_supported: [] } : {};
      const pkceUnlisted = faults.sampleFault === 'auth-host-no-pkce-methods' ? { code_challenge_methods_supported: undefined } : {};
      res.json(faults.authOriginMetadataStale ? { ...metadata, token_endpoint: `${String(metadata['token_endpoint'])}/v1` } : { ...metadata, ...relative, ...emptyLocales, ...pkceUnlisted });
    });
  }

  if (faults.authorizationEndpointCors) {
    app.use('/oauth/authorize', (req, res, next) => {
      res.set('access-control-allow-origin', '*');
      return req.method === 'OPTIONS' ? res.status(204).end() : next();
    });
  }

  app.get('/oauth/authorize', (req, res) => {
    if (faults.thirdSampleFault === 'authorize-get-html-only' && !(req.headers.accept ?? '').includes('text/html')) return page(res, 404, '<h1>Not Found</h1>');
    const request = withEmptyChallenge(req.query, pick(req.query as Record<string, unknown>, !faults.emptyAuthorizationParameterKept), faults);
    const client = request.client_id ? clientOf(request.client_id, config) : undefined;
    const unguarded = !client && request.client_id ? unguardedFetchTarget(request.client_id, faults) : undefined;
    if (unguarded) return void connectOnce(unguarded).then(() => page(res, 400, '<h1>Unknown client</h1>'));
    if (!client) {
      if (req.accepts(['html', 'json']) === 'json' && !faults.unknownClientHtmlOnly) {
        return res.status(400).json({ error: 'invalid_client' });
      }
      const unfetchable = faults.freshFault === 'unfetchable-document-redirects' && request.client_id?.startsWith('https://') && request.redirect_uri !== undefined;
      if (faults.unknownClientRedirects || unfetchable) return redirectError(res, request, 'invalid_client', config);
      const reflected = faults.freshFault === 'error-page-reflects-client-id' ? ` ${request.client_id ?? ''}` : '';
      return page(res, faults.unknownClientPageServerError ? 500 : 400, `<h1>Unknown client${reflected}</h1>`);
    }
    if (request.redirect_uri === undefined) {
      if (!faults.missingRedirectUriSignInFirst) return missingRedirectUri(req, res, faults);
      const session = sessionOf(req, res, state, faults);
      return session.userId ? missingRedirectUri(req, res, faults) : signInPage(res, request, session, '', faults);
    }
    // The fast path a consent memory adds, before the redirect check it forgot.
    const approved = faults.freshFault === 'approved-fast-path-unchecked' ? sessionOf(req, res, state, faults) : undefined;
    if (approved?.userId && approvedClients(approved).has(client.clientId)) return issueCode(res, request, approved.userId, config);
    if (!faults.openRedirect && !redirectAllowed(client, request.redirect_uri, faults)) {
      return page(res, faults.freshFault === 'error-page-status-200' ? 200 : 400, '<h1>This redirect URI is not registered</h1>');
    }
    const session = sessionOf(req, res, state, faults);
    // RFC 9700 §4.11.2: a web redirect URI gets errors only once someone has signed in.
    const refuseRequest = (error: string, description?: string): void =>
      session.userId || isNative(request.redirect_uri ?? '') || faults.redirectErrorsToStrangers
        ? redirectError(res, faults.freshFault === 'state-dropped-on-authorize-errors' ? withoutState(request) : request, error, config, { withIss: !faults.errorRedirectWithoutIss, description })
        : page(res, 400, `<h1>This request cannot be used: ${error}</h1>`);
    // RFC 7636 §4.4.1: a PKCE refusal says why.
    const refusePkce = (description: string): void => refuseRequest('invalid_request', faults.pkceRefusalsUnexplained ? undefined : description);
    // RFC 6749 §3.1: a parameter given twice is refused, never read one way or the other.
    if (repeatsAParameter(req.query as Record<string, unknown>) && !faults.repeatedParameterAccepted) return refuseRequest('invalid_request');
    const unknownParameter = Object.keys(req.query).some((name) => !(AUTHORIZATION_PARAMETERS as readonly string[]).includes(name));
    if (unknownParameter && faults.unknownParameterRefused) return refuseRequest('invalid_request');
    const responseType = request.response_type ?? (faults.missingResponseTypeAsCode ? 'code' : undefined);
    if (responseType === 'token' && faults.freshFault === 'implicit-for-cimd' && client.clientId.startsWith('https://')) {
      return session.userId ? implicitRedirect(res, request, session.userId, config) : signInPage(res, request, session, '', faults);
    }
    if (responseType !== 'code') return refuseRequest('unsupported_response_type');
    const emptyAsNone = request.code_challenge === '' && faults.thirdSampleFault === 'empty-challenge-as-none';
    if (!request.code_challenge && !faults.pkceOptional && !emptyAsNone) return refusePkce('code challenge required');
    if (request.code_challenge && !request.code_challenge_method && faults.missingMethodCrashes) return refuseRequest('server_error');
    const method = request.code_challenge_method ?? defaultMethod(faults);
    if (!['S256', 'plain'].includes(method) && !faults.acceptAnyChallengeMethod && faults.freshFault !== 'unknown-challenge-method-as-plain') {
      return refusePkce('transform algorithm not supported');
    }
    if (request.code_challenge !== undefined && method === 'plain' && !verifierForm(faults).test(request.code_challenge)) {
      return refuseRequest('invalid_request');
    }
    const resources = faults.resourceSlashRefused ? [config.issuer()] : [config.issuer(), `${config.issuer()}/`];
    const resource = faults.foreignResourceGranted === 'fragment' ? request.resource?.replace(/#.*$/, '') : request.resource;
    // Each broken fake takes one kind of resource it should refuse: another absolute one, or one that is not absolute.
    const taken = resource !== undefined && (URL.canParse(resource) ? faults.foreignResourceGranted === 'any' : faults.relativeResourceAccepted === 'authorization');
    if (resource !== undefined && !resources.includes(resource) && !taken) {
      // The wrong error code breaks one branch: another absolute resource, not a relative one.
      const misnamed = faults.foreignResourceRefusedAs === 'authorize-invalid-request' && URL.canParse(resource);
      return refuseRequest(misnamed ? 'invalid_request' : 'invalid_target');
    }
    if (request.scope === undefined && faults.scopeRequired) return refuseRequest('invalid_request');
    if (!(request.scope ?? 'mcp_customer').split(' ').includes('mcp_customer') && !faults.unknownScopeGranted) {
      return refuseRequest('invalid_scope');
    }
    return session.userId ? consentPage(res, request, session, client, faults) : signInPage(res, request, session, '', faults);
  });

  app.get('/account/apps', (req, res) => connectedApps(res, sessionOf(req, res, state, faults), state, faults));

  app.post('/oauth/sign-in', (req, res) => {
    const session = sessionOf(req, res, state, faults);
    const request = withEmptyChallenge(req.body, pick(req.body as Record<string, unknown>), faults);
    if (req.body.csrf_token !== session.csrf && !faults.signInIgnoresCsrf) return page(res, 403, '<h1>Bad CSRF token</h1>');
    if (faults.signInWithoutRedirectUriServerError && req.body.redirect_uri === undefined) return page(res, 500, '<h1>Internal Server Error</h1>');
    const user = passwordAccount(USERS, req.body.email, req.body.password, faults) ?? ssoAccountByEmptyPassword(req.body.email, req.body.password, faults);
    if (!user) {
      // Only wrong passwords are charged here, so the runner's own sign-ins never lock its person out.
      const decision = faults.noSignInAccountLimit ? undefined : config.signInAccountLimit.consume(`sign-in:${String(req.body.email)}`);
      if (decision?.allowed === false) return void res.set('retry-after', String(decision.retryAfterSeconds)).status(429).type('html').send('<h1>Too many sign-in attempts</h1>');
      return signInPage(res, request, session, wrongSignInMessage(req.body.email, faults), faults);
    }
    session.userId = user.id;
    const returnTo = faults.sampleFault === 'sign-in-return-to-anywhere' || faults.signInReturnToUnchecked ? req.body.return_to : undefined;
    if (typeof returnTo === 'string' && returnTo !== '') return res.redirect(303, returnTo);
    const client = faults.signInRequestUnchecked ? clientOf(request.client_id ?? '', config) : undefined;
    if (client) return consentPage(res, request, session, client, faults);
    res.redirect(faults.formPostRedirectStatus ?? 303, `/oauth/authorize?${new URLSearchParams(request as Record<string, string>).toString()}`);
  });

  // The page where the signed-in person confirms what their assistant cannot ask them (docs/tools.md).
  app.get('/confirm', (req, res) => {
    const session = sessionOf(req, res, state, faults);
    if (!session.userId) return page(res, 403, '<h1>Sign in first</h1>');
    const seal = String(req.query['seal'] ?? '');
    page(res, 200, `<h1>Confirm this change</h1>
<form method="post" action="/confirm"><input type="hidden" name="csrf_token" value="${session.csrf}"><input type="hidden" name="seal" value="${seal.replace(/"/g, '&quot;')}">
<button type="submit" name="decision" value="decline">Don't do it</button>
<button type="submit" name="decision" value="approve">Confirm</button></form>`);
  });

  app.post('/confirm', (req, res) => {
    const session = sessionOf(req, res, state, faults);
    if (req.body.csrf_token !== session.csrf || !session.userId) return page(res, 403, '<h1>Bad CSRF token</h1>');
    if (req.body.decision === 'decline') {
      if (faults.confirmPageDeclineRefused) return page(res, 400, '<h1>Unknown decision</h1>');
      state.surveys.decline(String(req.body.seal), faults.confirmPageDeclineRevivable === true);
      return page(res, 200, '<h1>Not confirmed</h1>');
    }
    if (req.body.decision !== 'approve') return page(res, 400, '<h1>Unknown decision</h1>');
    return state.surveys.approve(String(req.body.seal)) ? page(res, 200, '<h1>Confirmed</h1>') : page(res, 400, '<h1>No confirmation of ours</h1>');
  });

  app.post('/oauth/consent', (req, res) => {
    const session = sessionOf(req, res, state, faults);
    const request = pick(req.body as Record<string, unknown>);
    const csrfOk = req.body.csrf_token === session.csrf || faults.consentIgnoresCsrf || (req.body.csrf_token === undefined && faults.thirdSampleFault === 'consent-csrf-only-when-present');
    if (!csrfOk || !session.userId) return page(res, 403, '<h1>Bad CSRF token</h1>');
    if (req.body.decision !== 'approve') {
      return redirectError(res, faults.deniedWithoutState ? withoutState(request) : request, 'access_denied', config, { status: faults.formPostRedirectStatus ?? 303 });
    }
    approvedClients(session).add(request.client_id ?? '');
    return issueCode(res, request, session.userId, config);
  });
  if (faults.codeThroughInterstitial) app.get('/oauth/continue', (req, res) => res.redirect(303, String(req.query['next'])));

  app.post('/oauth/token', async (req, res) => {
    if (!faults.omitNoStore) res.set('cache-control', 'no-store');
    const raw = req.body as Record<string, string | string[]>;
    const parameterFault = tokenParameterFault(raw, faults);
    const parsed = clientIdInferred(tokenParameters(raw, parameterFault), config);
    const fragmentDropped = faults.sampleFault === 'token-client-id-fragment-dropped' && parsed.client_id?.startsWith('https://');
    const body = fragmentDropped ? { ...parsed, client_id: parsed.client_id?.replace(/#.*$/, '') } : parsed;
    const refuse = (error: string): void => {
      if (faults.codeErrorsCacheable && body.grant_type === 'authorization_code') res.removeHeader('cache-control');
      res.status(faults.tokenErrorStatus ?? 400).json({ error });
    };
    if (faults.thirdSampleFault === 'repeated-refresh-token-500' && body.grant_type === 'refresh_token' && Array.isArray(raw['refresh_token'])) return void res.status(500).type('html').send('<h1>Internal Server Error</h1>');
    // RFC 6749 §3.2: a repeated parameter is refused; an unknown one is ignored.
    if (Object.values(raw).some(Array.isArray) && parameterFault !== 'repeated-first') return refuse('invalid_request');
    if (parameterFault === 'unknown-refused' && Object.keys(raw).some((name) => !TOKEN_PARAMETERS.includes(name))) return refuse('invalid_request');
    const known = clientOf(body.client_id ?? '', config) !== undefined || faults.unknownClientAsInvalidGrant;
    if (!known && ['authorization_code', 'refresh_token'].includes(body.grant_type ?? '')) return refuse(faults.refusedDocumentUncoded && body.client_id?.startsWith('https://') ? '' : 'invalid_client');
    const requesting = clientOf(body.client_id ?? '', config);
    const audience = { issuer: config.issuer(), tokenEndpoint: `${req.protocol}://${req.get('host')}/oauth/token` };
    if (requesting && !(await clientAuthenticates(requesting, body, audience, faults))) {
      if (faults.sampleFault === 'expired-assertion-invalid-grant' && assertionExpired(body['client_assertion'])) return refuse('invalid_grant');
      return void res.status(401).json({ error: 'invalid_client' });
    }
    // RFC 8707 §2.2: a token is only for this resource.
    const resourceFragmentDropped = body.grant_type === 'refresh_token' && faults.freshFault === 'refresh-resource-fragment';
    const resource = resourceFragmentDropped ? body.resource?.replace(/#.*$/, '') : body.resource;
    const foreign = resource !== undefined && ![config.issuer(), `${config.issuer()}/`].includes(resource);
    // The wrong error code breaks one branch: the refresh grant's with another absolute resource.
    const misnamed = faults.foreignResourceRefusedAs === 'token-invalid-request' && body.grant_type === 'refresh_token' && URL.canParse(body.resource ?? '');
    if (foreign && !resourceUnchecked(body, faults)) return refuse(misnamed ? 'invalid_request' : 'invalid_target');
    if (body.grant_type === 'authorization_code') return redeemCode(body, res, refuse, config);
    if (body.grant_type === 'refresh_token' && !faults.refreshUnsupported) return refresh(body, res, refuse, config);
    if (body.grant_type === JWT_BEARER_GRANT && !faults.idJagUnlisted) return redeemIdJag(body, res, refuse, config);
    if (body.grant_type === 'password' && faults.passwordGrantAccepted) return res.json({ access_token: 'at_password_grant', token_type: 'Bearer', expires_in: 3600 });
    return refuse('unsupported_grant_type');
  });

  app.post('/oauth/revoke', (req, res) => {
    const raw = req.body as Record<string, unknown>;
    // RFC 6749 §3.1: a parameter is sent once; a repeated one is refused (or, broken, its first taken).
    if (Object.values(raw).some(Array.isArray) && !faults.revocationRepeatedFirst) return res.status(400).json({ error: 'invalid_request' });
    const body = Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]));
    const token = String(body['token'] ?? '');
    // RFC 7009 §2.2.1: a malformed request is an error as in RFC 6749 §5.2; an invalid token is not.
    const emptyTaken = body['token'] === '' && faults.revokeEmptyTokenAccepted;
    const hintFirst = body['token'] === undefined && body['token_type_hint'] === 'refresh_token' && faults.freshFault === 'revocation-hint-before-token';
    if (!token && !faults.revokeWithoutTokenAccepted && !emptyTaken && !hintFirst) return res.status(400).json({ error: 'invalid_request' });
    if (brokenDocumentClientId(String(body['client_id'] ?? '')) && !faults.revocationTakesAnyDocumentClientId) return res.status(400).json({ error: 'invalid_client' });
    const hint = body['token_type_hint'];
    if (hint === undefined && faults.revocationNeedsHint) return res.status(200).end();
    if (faults.revocationRefusesUnknownHint && hint !== undefined && hint !== 'access_token' && hint !== 'refresh_token') {
      return res.status(400).json({ error: 'unsupported_token_type' });
    }
    const access = state.accessTokens.get(token);
    const refreshToken = state.refreshTokens.get(token);
    if (!access && !refreshToken) return res.status(faults.revokeUnknownStatus ?? 200).end();
    if (faults.revocationTrustsHint && hint === 'refresh_token' && !refreshToken) return res.status(200).end();
    if (faults.refreshRevocationTrustsHint && hint === 'access_token' && !access) return res.status(200).end();
    const hintOnly = faults.thirdSampleFault === 'jwt-client-revocation-hint-only' && jwtClient(body['client_id'], state.metadataDocuments);
    if (hintOnly && ((hint === 'access_token' && !access) || (hint === 'refresh_token' && !refreshToken))) return res.status(200).end();
    if (faults.revocationIgnored) return res.status(200).end();
    const grantId = access?.grantId ?? refreshToken?.grantId;
    const owner = grantId ? state.grants.get(grantId)?.clientId : undefined;
    // RFC 7009 section 2.1: a token is revoked only for the client it was issued to.
    const anyClient = access ? faults.revokeAnyClientsToken : faults.revokeAnyClientsRefreshToken;
    const unnamed = body['client_id'] === undefined && faults.revokeWithoutClientId;
    const documentClient = faults.sampleFault === 'document-client-revokes-any' && String(body['client_id'] ?? '').startsWith('https://');
    if (owner !== body['client_id'] && !anyClient && !unnamed && !documentClient) return res.status(200).end();
    // Contract section 5.5 rule 2: revoking either token signs the client out, as the connected-apps page does.
    if (access) {
      access.revoked = true;
      if (!faults.revokeAccessKeepsRefresh) state.revokeGrant(access.grantId);
    }
    if (refreshToken) {
      if (faults.revokeRefreshKeepsAccess) refreshToken.revoked = true;
      else if (faults.revokeRefreshSparesEarlierAccess) state.revokeRefreshTokenAlone(token);
      else state.revokeGrant(refreshToken.grantId);
    }
    return res.status(200).end();
  });

  return app;
}

/** The approved code's redirect: to the request's redirect_uri, with state and iss. */
function issueCode(res: Response, request: AuthorizationRequest, userId: string, config: AuthHostConfig): void {
  const { state, faults } = config;
  const code = randomId('code_');
  state.codes.set(code, {
    clientId: request.client_id ?? '',
    redirectUri: request.redirect_uri ?? '',
    challenge: request.code_challenge,
    method: request.code_challenge_method ?? defaultMethod(faults),
    userId,
    used: false,
  });
  const target = new URL(request.redirect_uri ?? '');
  target.searchParams.set('code', code);
  if (request.state !== undefined) {
    target.searchParams.set('state', faults.mangleState ? request.state.slice(0, -1) : request.state);
  }
  if (!faults.omitIss) target.searchParams.set('iss', issParameter(config));
  const location = faults.codeThroughInterstitial ? `/oauth/continue?next=${encodeURIComponent(target.toString())}` : target.toString();
  res.redirect(faults.formPostRedirectStatus ?? 303, location);
}

/** The `implicit-for-cimd` fault's answer to response_type=token: an access token in the fragment. */
function implicitRedirect(res: Response, request: AuthorizationRequest, userId: string, config: AuthHostConfig): void {
  const accessToken = randomId('at_');
  config.state.accessTokens.set(accessToken, { userId, grantId: undefined, scope: 'mcp_customer', expiresAt: Date.now() + config.accessTokenTtlSeconds * 1000, revoked: false });
  const fragment = new URLSearchParams({ access_token: accessToken, token_type: 'Bearer', ...(request.state !== undefined && { state: request.state }) });
  res.redirect(302, `${request.redirect_uri ?? ''}#${fragment.toString()}`);
}

/** The clients a browser session approved, for the `approved-fast-path-unchecked` fault. */
const approvals = new WeakMap<FakeSession, Set<string>>();
function approvedClients(session: FakeSession): Set<string> {
  const known = approvals.get(session) ?? new Set<string>();
  approvals.set(session, known);
  return known;
}

function withoutState(request: AuthorizationRequest): AuthorizationRequest {
  const { state: _dropped, ...rest } = request;
  return rest;
}

/**
 * A token request without client_id: the client its assertion's sub names (RFC 7521 section
 * 4.2), or, for a public client in a fake broken to infer it, the owner of its code or refresh token.
 */
function clientIdInferred(body: Record<string, string | undefined>, config: AuthHostConfig): Record<string, string | undefined> {
  const { state, faults } = config;
  if (body.client_id !== undefined) return body;
  const asserted = faults.assertionClientIdRequired ? undefined : assertedClientId(body.client_assertion);
  if (asserted !== undefined) return { ...body, client_id: asserted };
  if (!faults.clientIdOptional) return body;
  const code = state.codes.get(body.code ?? '');
  const refreshed = state.refreshTokens.get(body.refresh_token ?? '');
  const owner = code?.clientId ?? (refreshed ? state.grants.get(refreshed.grantId)?.clientId : undefined);
  return { ...body, client_id: owner };
}

/** A registered client, or one described by a metadata document whose client_id is its URL. */
function clientOf(clientId: string, config: AuthHostConfig): FakeClient | undefined {
  const { state, faults } = config;
  const registered = state.clients.get(clientId);
  const httpAllowed = faults.clientMetadataUrlLoose === 'http-scheme' && clientId.startsWith('http://');
  if (!registered && loopbackHttpClient(clientId, faults)) return { clientId, record: { client_id: clientId, client_name: 'Local development client' }, redirectUris: LOOPBACK_REDIRECTS };
  if (registered || !(clientId.startsWith('https://') || httpAllowed) || faults.clientMetadataUnsupported) return registered;
  const documentUrl = faults.clientMetadataUrlLoose ? loosened(clientId, faults.clientMetadataUrlLoose) : documentUrlOf(clientId, faults);
  const document = state.metadataDocuments.get(documentUrl);
  // The known documents' host answers 404 for a missing one; any other host cannot be reached, which one fault takes for a client without metadata.
  const unreachable = faults.sampleFault === 'document-failure-falls-through' && URL.canParse(clientId) && new URL(clientId).hostname !== new URL(CLIENT_METADATA_URL).hostname;
  if (!document) return faults.clientMetadataMissingAccepted || unreachable ? { clientId, record: { client_id: clientId }, redirectUris: [] } : undefined;
  if (document['client_id'] !== documentUrl && !faults.clientMetadataMismatchAccepted) return undefined;
  return { clientId, record: document, redirectUris: document['redirect_uris'] as string[] };
}

/** The URL a loose deployment fetches for a client_id the draft's section 3 forbids. */
function loosened(clientId: string, how: NonNullable<Faults['clientMetadataUrlLoose']>): string {
  if (!URL.canParse(clientId)) return clientId;
  const url = new URL(clientId);
  switch (how) {
    case 'http-scheme':
      return clientId.replace(/^http:/, 'https:');
    case 'fragment':
      return clientId.replace(/#.*$/, '');
    case 'dot-segment':
      return url.href;
    case 'double-dot-segment':
      return clientId.includes('/../') ? url.href : clientId;
    case 'userinfo':
      return clientId.replace(/^https:\/\/[^@/]*@/, 'https://');
    case 'user-only':
      return url.username && !url.password ? clientId.replace(/^https:\/\/[^@/]*@/, 'https://') : clientId;
  }
}

/** #2: the iss parameter as `new URL(issuer).href` writes it under the fault, with a trailing slash. */
function issParameter(config: AuthHostConfig): string {
  return config.faults.thirdSampleFault === 'iss-trailing-slash' ? new URL(config.issuer()).href : config.issuer();
}

/** RFC 7636 §4.3: a challenge without a method is plain. */
function defaultMethod(faults: Faults): string {
  return faults.missingMethodAsS256 ? 'S256' : 'plain';
}

function redirectError(
  res: Response,
  request: AuthorizationRequest,
  error: string,
  config: AuthHostConfig,
  { withIss = true, description, status = 302 }: { withIss?: boolean; description?: string; status?: number } = {},
): void {
  const target = new URL(request.redirect_uri ?? '');
  target.searchParams.set('error', error);
  if (description !== undefined) target.searchParams.set('error_description', description);
  if (request.state !== undefined) target.searchParams.set('state', request.state);
  if (withIss) target.searchParams.set('iss', issParameter(config));
  res.redirect(status, target.toString());
}

function sessionOf(req: Request, res: Response, state: FakeState, faults: Faults): FakeSession {
  const sid = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  const existing = sid ? state.sessions.get(sid) : undefined;
  if (existing) return existing;
  const id = randomId('sid_');
  const session: FakeSession = { csrf: randomId('csrf_') };
  state.sessions.set(id, session);
  res.cookie('sid', id, { httpOnly: !faults.sessionCookieScriptable, sameSite: 'lax', path: '/' });
  return session;
}

