import { branch, missing, requirementsFrom, type Requirement } from './requirement.js';

const cimd = requirementsFrom('CIMD draft', 'any');

const CLIENT_SIDE = 'binds the client and the document it publishes, not the deployment; the runner is the client here';
const DOCUMENT_HOST =
  "depends on what the operator's document host serves, which the runner does not control (it is given one good and one mismatched document URL)";
const PERMISSION = 'a permission: either choice conforms, so there is nothing to fail';

/**
 * draft-ietf-oauth-client-id-metadata-document (the OAuth WG's working copy, -01 and later
 * edits; MCP 2026-07-28 cites the draft by name), read whole: every MUST, SHOULD and MAY, section
 * by section. Sections: 3 Client Identifier, 4 Client Information Discovery (4.1 document, 4.2
 * development, 4.3 errors, 4.4 caching, 4.5 redirect URIs), 5 AS metadata, 6 security.
 */
export const CIMD_REQUIREMENTS: readonly Requirement[] = [
  cimd.must('cimd-3-https', '3', 'A client_id URL that is not https is refused', ['client-metadata-url-form-refused']),
  cimd.must('cimd-3-path', '3', 'A client_id URL has a path component', {
    unobservable:
      "a path-less client_id names the document host's root, where the runner can publish nothing; whether it is refused for its form or for a missing document looks the same (client-metadata-missing-document-refused proves the latter)",
  }),
  cimd.must('cimd-3-dot-segments', '3', 'A client_id URL with single- or double-dot path segments is refused', [
    branch('single dot (/./)', 'client-metadata-url-form-refused'),
    branch('double dot (/../)', 'client-metadata-url-form-refused'),
  ]),
  cimd.must('cimd-3-fragment', '3', 'A client_id URL with a fragment is refused', [
    branch('authorization endpoint', 'client-metadata-url-form-refused'),
    branch('revocation endpoint', 'revoke-malformed-client-id-document'),
  ]),
  cimd.must('cimd-3-userinfo', '3', 'A client_id URL with a username or password is refused', [
    branch('user and password', 'client-metadata-url-form-refused'),
    branch('user alone', 'client-metadata-url-form-refused'),
  ]),
  cimd.should('cimd-3-no-query', '3', 'A client_id URL has no query string', { unobservable: CLIENT_SIDE }),
  cimd.may('cimd-3-port', '3', 'A client_id URL may carry a port', { unobservable: PERMISSION }),
  cimd.should('cimd-3-short-stable', '3', 'A short, stable client_id URL is used', { unobservable: CLIENT_SIDE }),

  cimd.should('cimd-4-fetch', '4', 'The server fetches the document the client_id names', ['client-metadata-document-flow']),
  cimd.must('cimd-4-200-only', '4', 'Only a 200 answer is a document; every other status is an error', [
    branch('404', 'client-metadata-missing-document-refused'),
    missing('other statuses (3xx redirect, 5xx)', 'the runner hosts no document that answers a redirect or a server error; no check proves those are refused'),
  ]),
  cimd.must('cimd-4-no-redirects', '4', 'Redirects are not followed when fetching the document', { unobservable: DOCUMENT_HOST }),
  cimd.must('cimd-4.1-served-200', '4.1', 'The document is served with 200 OK', { unobservable: CLIENT_SIDE }),
  cimd.must('cimd-4.1-client-id-equals-url', '4.1', "The document's client_id equals its URL by simple string comparison, else it is refused", [
    branch('authorization endpoint', 'bad-client-metadata-document-refused'),
    branch('token endpoint', 'client-metadata-refused-at-token-endpoint'),
  ]),
  cimd.may('cimd-4.1-additional-properties', '4.1', 'A document may carry properties of its own (the server must tolerate them)', {
    unobservable: DOCUMENT_HOST,
  }),
  cimd.may('cimd-4.1-json-subtypes', '4.1', 'A document may be served as application/<AS-defined>+json', { unobservable: DOCUMENT_HOST }),
  cimd.must('cimd-4.1-no-shared-secret-method', '4.1', 'A document naming a shared-secret token_endpoint_auth_method is refused', {
    unobservable: `${DOCUMENT_HOST}; a second bad document (--bad-client-metadata-url takes one) would make it observable`,
  }),
  cimd.must('cimd-4.1-no-client-secret', '4.1', 'A document carrying client_secret or client_secret_expires_at is refused', {
    unobservable: `${DOCUMENT_HOST}; a second bad document would make it observable`,
  }),
  cimd.may('cimd-4.1-other-restrictions', '4.1', 'Other specifications may restrict documents further (e.g. token_endpoint_auth_method none only)', {
    unobservable: PERMISSION,
  }),
  cimd.should('cimd-4.2-development-service', '4.2', 'A server that restricts redirect_uris offers a Client ID Metadata Document Service exempt from them', {
    unobservable: 'a service beside the protocol, which the runner cannot discover',
  }),
  cimd.should('cimd-4.2-services-recommended', '4.2', 'Client ID Metadata Document Services are offered for development (RECOMMENDED)', {
    unobservable: 'a service beside the protocol, which the runner cannot discover',
  }),
  cimd.may('cimd-4.2-service-expiry', '4.2', 'Such a service may expire clients and ask developers for more', { unobservable: PERMISSION }),
  cimd.should('cimd-4.3-abort', '4.3', 'A failed fetch aborts the authorization request', ['client-metadata-missing-document-refused']),
  cimd.may('cimd-4.4-cache', '4.4', 'The server may cache documents', { unobservable: PERMISSION }),
  cimd.should('cimd-4.4-cache-headers', '4.4', 'Caching follows the HTTP cache headers, within bounds of its own', { unobservable: DOCUMENT_HOST }),
  cimd.must('cimd-4.4-no-error-cache', '4.4', 'Error responses are not cached', {
    unobservable: `${DOCUMENT_HOST}: proving it means making the document fail, then work`,
  }),
  cimd.must('cimd-4.4-no-invalid-cache', '4.4', 'Invalid or malformed documents are not cached', {
    unobservable: `${DOCUMENT_HOST}: proving it means making the document invalid, then valid`,
  }),
  cimd.must('cimd-4.5-exact-redirect', '4.5', "The redirect URI must exactly match one of the document's redirect_uris", [
    'client-metadata-redirect-uri-refused',
  ]),
  cimd.must('cimd-5-metadata-flag', '5', 'Published AS metadata carries client_id_metadata_document_supported', ['client-id-metadata-document-supported']),
  cimd.may('cimd-6.1-redirect-relationship', '6.1', 'The server may tie redirect_uris to the client_id or client_uri origin', {
    unobservable: PERMISSION,
  }),
  cimd.must('cimd-6.2-confidential-auth', '6.2', 'A document establishing a key-based client makes client authentication mandatory for it', [
    branch('a deployment listing private_key_jwt: invalid_client without the assertion', 'private-key-jwt-assertion-required'),
    branch('a deployment listing none alone: the client refused, never served as public', 'private-key-jwt-assertion-required'),
  ]),
  cimd.may('cimd-6.3.1-key-change', '6.3.1', 'Changed keys may revoke tokens or consent', { unobservable: PERMISSION }),
  cimd.should('cimd-6.4-show-client-info', '6.4', 'The consent page shows what the fetched document says (name, logo)', {
    unobservable:
      "the runner would have to know the document's client_name (and logo), and it does not read the operator's document: it may sit where only the deployment reaches it, behind a CA only the deployment trusts; client-metadata-consent-shows-host proves the host shown, consent-shows-client-and-redirect the name of a registered client",
  }),
  cimd.should('cimd-6.4-show-hostname', '6.4', "The consent page shows the client_id's host name", ['client-metadata-consent-shows-host']),
  cimd.must('cimd-6.5-no-special-use', '6.5', 'A client_id URL resolving to a special-use address (RFC 6890) is not fetched, but for a loopback server on the same interface', [
    // Linux connects 0.0.0.0 to this machine, where the runner listens: seen only when it shares the deployment's machine (CI against a local serve).
    branch("'this network' 0.0.0.0, IPv4 and IPv4-mapped, a deployment on the runner's machine", 'client-metadata-special-use-refused'),
    missing(
      'the other special-use blocks (private, link-local, documentation, multicast, reserved) and a deployment elsewhere',
      'a refusal for the address reads the same as an unreachable host from outside, and the runner listens nowhere the deployment would connect to; tests on our side: test/oauth/client-metadata/',
    ),
  ]),
  cimd.should('cimd-6.5-no-special-use-in-document', '6.5', 'URLs inside a document that resolve to special-use addresses are not fetched', {
    unobservable: DOCUMENT_HOST,
  }),
  cimd.should('cimd-6.6-size-limit', '6.6', 'The fetched document is limited in size (5 kilobytes recommended)', { unobservable: DOCUMENT_HOST }),
  cimd.should('cimd-6.7-logo-prefetch', '6.7', 'A logo_uri in use is prefetched and cached with the document', { unobservable: DOCUMENT_HOST }),
  cimd.may('cimd-6.8-domain-trust', '6.8', 'The server may apply its own trust policy to client_id domains', { unobservable: PERMISSION }),
  cimd.should('cimd-6.9-generated-ids', '6.9', 'client_ids the server generates do not start with https://', ['registration-client-id-not-url']),
  cimd.may('cimd-6.10-preregistered', '6.10', 'The server may pre-register document URLs instead of accepting any', { unobservable: PERMISSION }),
];
