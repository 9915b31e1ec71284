import { CONSUMER, PERMISSION, TLS } from './rfc-reasons.js';
import { branch, requirementsFrom, type Requirement } from './requirement.js';

const rfc9728 = requirementsFrom('RFC 9728', 'any');

const PROFILE = 'binds the application profile that picks a well-known suffix (MCP picks oauth-protected-resource), not a deployment';

/**
 * RFC 9728 (OAuth 2.0 Protected Resource Metadata), sentence by sentence, beside the three ids
 * rfcs.ts keeps (2-fields, 3.3-resource, 5.1-challenge). Read whole from the RFC's plain text
 * (April 2025) as stored in dedalus-labs/dedalus-mcp-python, rfc9728.txt: sections 1.2 to 7.10;
 * section 8 (IANA) binds registries, not deployments.
 */
export const RFC9728_REQUIREMENTS: readonly Requirement[] = [
  rfc9728.should('rfc9728-1.2-no-query', '1.2', 'The resource identifier has no query component', {
    unobservable: "the resource is the URL the runner is given (resource-matches-base-url); whether that has a query is the operator's choice of URL",
  }),

  // 2 Metadata
  rfc9728.must('rfc9728-2-resource', '2', 'resource is present (REQUIRED)', ['protected-resource-metadata']),
  rfc9728.may('rfc9728-2-partial-lists', '2', 'Some authorization servers or scopes may be left out of their lists', { unobservable: PERMISSION }),
  rfc9728.must('rfc9728-2-jwks-https', '2', 'jwks_uri, when published, uses the https scheme', ['protected-resource-metadata-values']),
  rfc9728.must('rfc9728-2-jwks-use', '2', 'When both signing and encryption keys are published, every key of the set has a use', {
    unobservable: 'the runner does not fetch key sets; no token or response here is signed, and the deployment publishes no jwks_uri',
  }),
  rfc9728.should('rfc9728-2-scopes', '2', 'scopes_supported is published (RECOMMENDED)', ['scopes-supported']),
  rfc9728.must('rfc9728-2-no-none-alg', '2', 'resource_signing_alg_values_supported never lists none', ['protected-resource-metadata-values']),
  rfc9728.should('rfc9728-2-resource-name', '2', 'resource_name is published (RECOMMENDED)', ['protected-resource-name']),
  rfc9728.may('rfc9728-2-extensions', '2, 2.1, 2.2', 'Human-readable values may be internationalized and shown in any of their languages; further parameters, and signed_metadata, may be used', { unobservable: PERMISSION }),

  // 2.1 Human-readable metadata
  rfc9728.should('rfc9728-2.1-tag-case', '2.1', 'Language tags are spelled in their registered case (RECOMMENDED)', {
    unobservable: 'consumers read tags case-insensitively (next sentence), so a spelling reaches them either way',
  }),
  rfc9728.should('rfc9728-2.1-case-insensitive', '2.1', 'Language tags are interpreted case-insensitively', { unobservable: CONSUMER }),
  rfc9728.must('rfc9728-2.1-untagged-as-is', '2.1', 'An untagged value is shown as is, with no assumption about its language or script', { unobservable: CONSUMER }),
  rfc9728.should('rfc9728-2.1-untagged-instance', '2.1', 'Each language-tagged field also has an untagged instance (RECOMMENDED)', ['protected-resource-names-untagged']),
  rfc9728.should('rfc9728-2.1-displayable', '2.1', 'Untagged values suit display on a wide variety of systems (RECOMMENDED)', {
    unobservable: 'a judgement of legibility, not a property a client can test',
  }),

  // 2.2 Signed metadata
  rfc9728.must('rfc9728-2.2-signed', '2.2', 'Signed metadata is signed and names its issuer', ['protected-resource-metadata-values']),
  rfc9728.must('rfc9728-2.2-consumer', '2.2', 'A consumer that supports signed metadata lets its values win over the plain ones (and may ignore it otherwise)', {
    unobservable: CONSUMER,
  }),
  rfc9728.should('rfc9728-2.2-not-nested', '2.2', 'signed_metadata does not appear as a claim inside its own JWT', {
    unobservable: 'the deployment publishes no signed_metadata; consumers are told to reject the nesting (RECOMMENDED), which guards them either way',
  }),

  // 3 Obtaining the metadata
  rfc9728.must('rfc9728-3-well-known', '3', 'The metadata is at the well-known URL built from the resource identifier (the contract\'s base URL has no path, so inserting and appending agree)', [
    'protected-resource-metadata',
  ]),
  rfc9728.must('rfc9728-3-suffix', '3', 'An application names its well-known suffix and registers it; a resource may publish under several', { unobservable: PROFILE }),
  rfc9728.must('rfc9728-3.1-get', '3.1', 'The metadata answers an HTTP GET at its well-known URL', ['protected-resource-metadata']),
  rfc9728.must('rfc9728-3.1-slash', '3.1', 'A terminating slash after the host is removed before inserting the well-known path', { unobservable: CONSUMER }),
  rfc9728.must('rfc9728-3.2-json', '3.2', 'The metadata is 200 with an application/json object', [
    branch('200 with a JSON object', 'protected-resource-metadata'),
    branch('application/json media type', 'json-media-types'),
    branch('every metadata document the run reads, each time (invariant)', 'metadata-served-as-json'),
  ]),
  rfc9728.must('rfc9728-3.2-unknown-ignored', '3.2', 'Metadata parameters that are not understood are ignored (further ones MAY be defined)', { unobservable: CONSUMER }),
  rfc9728.must('rfc9728-3.2-zero-values', '3.2', 'Parameters with zero values are omitted (an empty bearer_methods_supported aside)', ['metadata-no-empty-lists']),
  rfc9728.must('rfc9728-3.3-from-challenge', '3.3', 'Metadata reached through the challenge names as resource the URL the client sent its request to', [
    'challenge-metadata-names-resource',
    'missing-token-401',
    'resource-matches-base-url',
  ]),
  rfc9728.must('rfc9728-3.3-consumer', '3.3', 'Metadata whose resource differs is not used; signed metadata is checked against its issuer\'s key', { unobservable: CONSUMER }),

  // 4 and 5
  rfc9728.may('rfc9728-4-protected-resources', '4', 'An authorization server may leave resources out of protected_resources', { unobservable: PERMISSION }),
  rfc9728.may('rfc9728-5-challenge', '5, 5.1, 5.4', 'The resource may return its metadata URL in WWW-Authenticate, with other schemes and parameters beside it', {
    unobservable: `${PERMISSION}; the contract makes the pointer a MUST (rfc9728-5.1-challenge)`,
  }),
  rfc9728.may('rfc9728-5.2-changed', '5.2', 'The resource may send a new challenge when its metadata changed; the client SHOULD then fetch it again', {
    unobservable: `${PERMISSION}; the SHOULD that follows ${CONSUMER}`,
  }),

  // 6 and 7
  rfc9728.must('rfc9728-6-code-points', '6', 'Strings are compared code point by code point, with no Unicode normalization', {
    unobservable: `${CONSUMER}; the byte-for-byte resource is resource-matches-base-url`,
  }),
  rfc9728.must('rfc9728-7.1-tls', '7.1', 'Implementations support TLS and follow BCP 195', {
    unobservable: TLS,
  }),
  rfc9728.should('rfc9728-7.2-limited-scope', '7.2', 'Clients ask for as limited a scope as possible', { unobservable: CONSUMER }),
  rfc9728.must('rfc9728-7.3-client-checks', '7.3', 'Clients check the TLS certificate and that the resource matches the URL they used', { unobservable: CONSUMER }),
  rfc9728.should('rfc9728-7.4-audience', '7.4', 'The authorization server supports audience-restricted tokens through resource indicators (RECOMMENDED)', [
    'resource-foreign-invalid-target',
    'token-resource-invalid-target',
  ]),
  rfc9728.should('rfc9728-7.7-ssrf', '7.7', 'Clients take precautions against server-side request forgery', { unobservable: CONSUMER }),
];
