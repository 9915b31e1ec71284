import type { Faults } from './fake/faults.js';
import type { FaultCase } from './fault-cases.js';
import { jwtCase } from './fault-cases-private-key-jwt.js';

const variantCase = (check: string, group: FaultCase['group'], deployment: string, faults: Faults, reason: RegExp, mayAlsoFail?: readonly string[]): FaultCase =>
  jwtCase(check, deployment, faults, reason, group, mayAlsoFail);

/**
 * The wrong deployments of issue 41's "variants never sent": a rule kept for one client kind, grant
 * or token kind and broken on another, each caught by the case (or strengthened check) named, and
 * by no check outside its family (branch isolation). Each table family has one here or in the
 * fault cases of the check it replaced (catalog test).
 */
export const VARIANT_FAULT_CASES: readonly FaultCase[] = [
  // The public set's misses, by requirement.
  variantCase('revocation.token.empty@dcr-public+access', 'revocation', 'answers a revocation with an empty token= 200', { revokeEmptyTokenAccepted: true }, /a revocation of its access token by the dcr-public client with token sent empty: expected HTTP 400 with "invalid_request", got HTTP 200/),
  variantCase('authorize.redirect_uri.loopback-alias@cimd-public', 'authorization', 'takes localhost for a listed 127.0.0.1 redirect', { loopbackAnyHost: true }, /by the cimd-public client with redirect_uri with its loopback host aliased .*: the deployment redirected to http:\/\/localhost:33418\/callback/, ['unregistered-redirect-uri-refused']),
  variantCase('revoked-access-token-401', 'revocation', 'leaves the refresh token renewing when its access token is revoked', { revokeAccessKeepsRefresh: true }, /the client is not signed out: after revoking its access token, its refresh token still renews/),
  variantCase('refresh-token-rotation', 'authorization', 'rotates the refresh token on the first refresh only', { rotationStopsAfterFirst: true }, /refresh 2 returned a refresh token already issued: rotation stopped after the first refresh/, [
    // The successor handed back again is never spent, so the grace cannot end at its use.
    'refresh-grace-ends-at-successor-use',
  ]),
  variantCase('registration-client-id-not-url', 'registration', 'gives a client with an https redirect URI an https URL as client_id', { httpsClientIdForHttpsRedirect: true }, /POST \/register for a client with redirect URI https:\/\/client\.example\/oauth\/callback issued client_id "https:\/\//),
  variantCase('token.redirect_uri.omitted@dcr-public+code', 'authorization', 'redeems a code sent without its redirect_uri', { redirectUriOptionalAtToken: true }, /the code redeemed by the dcr-public client with redirect_uri left out: the deployment accepted it and issued tokens/),
  variantCase('revocation.client_id.omitted@dcr-public+access', 'revocation', 'revokes a token for a request naming no client', { revokeWithoutClientId: true }, /a revocation of its access token by the dcr-public client with client_id left out: the deployment revoked the token/),
  variantCase('revoked-refresh-token-signs-out', 'revocation', 'spares the access tokens of earlier rotations when a refresh token is revoked', { revokeRefreshSparesEarlierAccess: true }, /the first \(before the rotation\) access token's next request after revoking the refresh token: expected HTTP 401, got HTTP 200/),
  variantCase('authorize.redirect_uri.extended-path@cimd-public', 'authorization', 'takes a redirect URI that extends a listed one with a path', { redirectMatchLoose: 'prefix' }, /by the cimd-public client with redirect_uri extended with a path: the deployment redirected to http:\/\/127\.0\.0\.1:33418\/callback\/extra/, ['redirect-uri-exact-match']),
  variantCase('token.client_id.omitted@cimd-public+code', 'authorization', "redeems a public client's code sent with no client_id", { clientIdOptional: true }, /the code redeemed by the cimd-public client with client_id left out: the deployment accepted it and issued tokens/, ['token.client_id.empty']),
  // The demonstrated survivors.
  variantCase('connected-apps-page', 'authorization', 'answers a signed-in person on the connected-apps page with the sign-in form', { connectedAppsAsksSignIn: true }, /answered the signed-in person with a sign-in form again, not their connected apps/),
  // The variants the issue names besides.
  variantCase('token.client_assertion.alg-none@cimd-jwt+code', 'authorization', 'takes an unsigned (alg: none) client assertion', { assertionAlgNoneAccepted: true }, /the code redeemed by the cimd-jwt client with client_assertion unsigned \(alg: none\): the deployment accepted it/),
  variantCase('token.client_assertion.replayed@cimd-jwt+code', 'authorization', 'takes one assertion again on the code grant', { assertionJtiReusable: true }, /the code redeemed by the cimd-jwt client with client_assertion replayed \(already used once\): the deployment accepted it/),
  variantCase('authorize.code_challenge.omitted@cimd-public', 'authorization', 'lets a metadata-document client leave PKCE out', { pkceOptional: true }, /by the cimd-public client with code_challenge left out: the deployment issued a code/, ['authorization-error-redirect', 'authorize.code_challenge.empty']),
  variantCase('token.code.replayed@cimd-public+code', 'authorization', 'lets a metadata-document client redeem a code twice', { reusableCodes: true }, /the code redeemed by the cimd-public client with code replayed \(already used once\): the deployment accepted it/, ['code-single-use', 'code-replay-revokes-tokens', 'code-replay-revokes-refresh-token', 'code-parallel-redemption']),
  variantCase('token.code_verifier.omitted@cimd-jwt+code', 'authorization', 'redeems a code sent without its code_verifier', { missingVerifierAccepted: true }, /the code redeemed by the cimd-jwt client with code_verifier left out: the deployment accepted it/, ['pkce-verifier-form-refused']),
  variantCase('token.client_assertion.omitted@cimd-jwt+refresh', 'authorization', 'serves a private_key_jwt client that sends no assertion', { assertionOptional: true }, /a refresh by the cimd-jwt client with client_assertion left out: the deployment accepted it/, ['private-key-jwt-assertion-required']),
  variantCase('token.client_id.omitted@dcr-public+refresh', 'authorization', "renews a public client's refresh token sent with no client_id", { clientIdOptional: true }, /a refresh by the dcr-public client with client_id left out: the deployment accepted it/, ['token.client_id.empty']),
  // Issue 41's axes crossed: client authentication on either grant, each kind of token at revocation.
  variantCase('token.client_id.empty@cimd-public+refresh', 'authorization', "renews a public client's refresh token sent with client_id=", { clientIdOptional: true }, /a refresh by the cimd-public client with client_id sent empty: the deployment accepted it/, ['token.client_id.omitted']),
  variantCase('token.client_id.repeated@dcr-public+code', 'authorization', 'reads the first of a repeated client_id', { tokenParameters: 'repeated-first' }, /the code redeemed by the dcr-public client with client_id sent twice: the deployment accepted it/, ['token-request-parameters']),
  variantCase('token.client_id.other-client@cimd-public+refresh', 'authorization', "renews a refresh token for a client it was not issued to", { refreshNotBoundToClient: true }, /a refresh by the cimd-public client with client_id replaced by another client's: the deployment accepted it/, ['refresh-bound-to-client', 'refresh-retry-other-client-refused']),
  variantCase('revocation.token.repeated@cimd-public+refresh', 'revocation', 'takes the first of a repeated token= at revocation', { revocationRepeatedFirst: true }, /a revocation of its refresh token by the cimd-public client with token sent twice: expected HTTP 400 with "invalid_request", got HTTP 200/),
  variantCase('revocation.token_type_hint.omitted@dcr-public+refresh', 'revocation', 'revokes nothing for a request without token_type_hint', { revocationNeedsHint: true }, /a revocation of its refresh token by the dcr-public client with token_type_hint left out: HTTP 200, but the token still works/),
  variantCase('revocation.token_type_hint.other-value@cimd-jwt+refresh', 'revocation', 'looks a refresh token up only under the refresh_token hint', { refreshRevocationTrustsHint: true }, /a revocation of its refresh token by the cimd-jwt client with token_type_hint replaced by another valid-looking value: HTTP 200, but the token still works/, ['revoke-refresh-under-access-hint']),
  variantCase('revocation.client_id.other-client@dcr-public+refresh', 'revocation', "lets any client revoke another client's refresh token", { revokeAnyClientsRefreshToken: true }, /a revocation of its refresh token by the dcr-public client with client_id replaced by another client's: the deployment revoked the token/, ['revoke-other-clients-refresh-ignored', 'revocation.client_id.omitted']),
];
