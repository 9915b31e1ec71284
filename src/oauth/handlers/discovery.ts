import type { RequestHandler } from 'express';
import { assertionAlgorithms } from '../client-assertion.js';
import type { OAuthContext } from '../context.js';
import { idJagProfile, jwtBearerGrantType } from '../id-jag/grant.js';
import { pkceMethods } from '../pkce.js';
import { mcpScope } from '../tokens.js';

/** RFC 9728 protected-resource metadata. `resource` and the issuer are one string, no trailing slash. */
export function protectedResourceMetadata(context: OAuthContext) {
  return {
    resource: context.issuer,
    authorization_servers: [context.issuer],
    scopes_supported: [mcpScope],
    bearer_methods_supported: ['header'],
    resource_name: 'Survey Assistant',
  };
}

/**
 * RFC 8414 metadata, also served as openid-configuration (whose parsers insist on `jwks_uri`,
 * `subject_types_supported` and `id_token_signing_alg_values_supported`). No key is ever null.
 */
export function authorizationServerMetadata(context: OAuthContext) {
  return {
    issuer: context.issuer,
    authorization_endpoint: `${context.authUrl}/oauth/authorize`,
    token_endpoint: `${context.authUrl}/oauth/token`,
    revocation_endpoint: `${context.authUrl}/oauth/revoke`,
    registration_endpoint: `${context.issuer}/register`,
    jwks_uri: `${context.issuer}/.well-known/jwks.json`,
    scopes_supported: [mcpScope],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    // The ID-JAG grant only where the operator turned it on (`--sso-id-jag`).
    ...(context.sso?.idJag
      ? { grant_types_supported: ['authorization_code', 'refresh_token', jwtBearerGrantType], authorization_grant_profiles_supported: [idJagProfile] }
      : { grant_types_supported: ['authorization_code', 'refresh_token'] }),
    code_challenge_methods_supported: [...pkceMethods],
    // `none` as the contract says; private_key_jwt beside it only when the operator allows it
    // (`--client-auth-private-key-jwt`), with the algorithms RFC 8414 §2 then requires.
    ...(context.privateKeyJwt
      ? { token_endpoint_auth_methods_supported: ['none', 'private_key_jwt'], token_endpoint_auth_signing_alg_values_supported: assertionAlgorithms }
      : { token_endpoint_auth_methods_supported: ['none'] }),
    revocation_endpoint_auth_methods_supported: ['none'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
  };
}

/**
 * RFC 9728 §3.1 and RFC 8414 §3: where a well-known document lives, in the root form and, when
 * `{base_url}` has a path, the path-aware form too. Express matches a trailing slash as well,
 * which some clients append.
 */
export function wellKnownPaths(context: OAuthContext, name: string): string[] {
  const basePath = new URL(context.issuer).pathname.replace(/\/$/, '');
  return basePath ? [`/.well-known/${name}`, `/.well-known/${name}${basePath}`] : [`/.well-known/${name}`];
}

/** Serves one precomputed JSON document; discovery never redirects. */
export function jsonDocument(document: object): RequestHandler {
  const body = JSON.stringify(document);
  return function serveDocument(_req, res) {
    res.set('Cache-Control', 'public, max-age=300').type('application/json').send(body);
  };
}
