import { requirementsFrom, type Requirement } from './requirement.js';
import { CLIENT, CONSUMER, PERMISSION, TLS } from './rfc-reasons.js';

const rfc8414 = requirementsFrom('RFC 8414', 'any');

/**
 * RFC 8414 (Authorization Server Metadata), every MUST, SHOULD and MAY, beyond rfcs.ts (whose ids
 * stay there). Read in round three from a section-by-section normative condensation of the RFC
 * found in the code index, with the rfc-editor.org text of section 2 (issuer to scopes_supported)
 * and the wording of section 3.2 confirmed in the code that quotes it.
 */
export const RFC8414_REQUIREMENTS: readonly Requirement[] = [
  rfc8414.must('rfc8414-2-issuer-form', '2', 'issuer is an https URL without query or fragment', ['authorization-server-metadata', 'issuer-matches-base-url']),
  rfc8414.must('rfc8414-2-jwks-uri', '2', 'jwks_uri, when published, is the URL of the server\'s JWK Set document: a JSON object with a "keys" array (RFC 7517 section 5.1)', [
    'jwks-uri-key-set',
  ]),
  rfc8414.must('rfc8414-2-jwks-uri-https', '2', 'jwks_uri is an https URL; a key set with both signing and encryption keys marks each key\'s use', {
    unobservable: `${TLS}; the key sets of the deployments this runner serves are empty (they sign nothing), so no key's use can be read`,
  }),
  rfc8414.should('rfc8414-2-scopes-supported', '2', 'scopes_supported is published (RECOMMENDED)', ['scopes-supported']),
  rfc8414.must('rfc8414-2-signing-algorithms', '2', 'The *_auth_signing_alg_values_supported lists are present for JWT client authentication, without none', [
    'private-key-jwt-signing-algs',
  ]),
  rfc8414.may('rfc8414-2-more-parameters', '2, 3.2', 'Other metadata parameters and claims may be published', { unobservable: PERMISSION }),
  rfc8414.must('rfc8414-2.1-signed', '2.1', 'signed_metadata, when published, is a JWS-signed JWT with an iss claim', ['signed-metadata-form']),
  rfc8414.should('rfc8414-2.1-not-nested', '2.1', 'signed_metadata does not appear as a claim inside its own JWT', {
    unobservable: 'observable only where signed_metadata is published, which the deployments this runner serves do not; signed-metadata-form reads the JWT for its MUSTs',
  }),
  rfc8414.must('rfc8414-2.1-precedence', '2.1', 'A consumer of signed metadata prefers its values to the plain ones', { unobservable: CONSUMER }),
  rfc8414.must('rfc8414-2-zero-values', '2', 'Parameters with zero values are omitted', ['metadata-no-empty-lists']),
  rfc8414.must('rfc8414-3-well-known', '3', 'The metadata is at /.well-known/oauth-authorization-server built from the issuer', ['authorization-server-metadata']),
  rfc8414.must('rfc8414-3-https', '3', 'The well-known path uses https', { unobservable: TLS }),
  rfc8414.must('rfc8414-3-suffix', '3', 'An application using this specification names its well-known suffix', {
    unobservable: 'binds the application profile (MCP names oauth-authorization-server and openid-configuration), not a deployment',
  }),
  rfc8414.must('rfc8414-3.1-get', '3.1', 'The metadata answers an HTTP GET', ['authorization-server-metadata']),
  rfc8414.must('rfc8414-3.2-unknown-ignored', '3.2', 'Unknown metadata parameters are ignored by consumers', { unobservable: 'binds the consumer (the client)' }),
  rfc8414.must('rfc8414-3.3-not-used', '3.3', 'Metadata whose issuer differs from the one the URL was built from is not used', { unobservable: CONSUMER }),
  rfc8414.must('rfc8414-4-string-comparison', '4', 'Strings are compared code point by code point, without normalisation', { unobservable: CONSUMER }),
  rfc8414.must('rfc8414-6.1-tls', '6.1', 'The server supports TLS 1.2 and applies TLS confidentiality', { unobservable: TLS }),
  rfc8414.must('rfc8414-6-client-checks', '6.1, 6.2', 'Clients check the TLS certificate and that issuer matches the URL they used', { unobservable: CLIENT }),
];
