import { branch, requirementsFrom, type Requirement } from './requirement.js';

const draft = requirementsFrom('ID-JAG draft', 'any');

/**
 * The resource authorization server's side of draft-ietf-oauth-identity-assertion-authz-grant
 * (section 4.4, processing rules), as MCP enterprise-managed authorization (SEP-990) uses it,
 * for a deployment that lists the profile: every check skips where it is not listed.
 */
export const ID_JAG_REQUIREMENTS: readonly Requirement[] = [
  draft.must('id-jag-4.4-accepted', '4.4', 'A valid ID-JAG from a trusted identity provider, with the client authenticated as usual, is exchanged at the token endpoint (jwt-bearer grant) for an access token to the resource', [
    'id-jag-grant-accepted',
  ]),
  draft.should('id-jag-refresh-token', '4.4', 'The server SHOULD NOT return a refresh token for an ID-JAG: a new access token needs a new ID-JAG from the identity provider', ['id-jag-no-refresh-token']),
  draft.must('id-jag-3-typ', '3, 4.4', "An ID-JAG's header typ is oauth-id-jag+jwt; another is rejected", ['id-jag-typ-refused']),
  draft.must('id-jag-4.4-signature', '4.4; RFC 7523 section 3 (9)', 'An ID-JAG must be signed by a key the trusted identity provider publishes', [
    branch('unsigned (alg none)', 'id-jag-alg-none-refused'),
    branch('a shared-secret MAC', 'id-jag-symmetric-refused'),
    branch('a key the provider does not publish', 'id-jag-unknown-key-refused'),
  ]),
  draft.must('id-jag-4.4-iss', '4.4; RFC 7523 section 3 (1)', 'iss is an identity provider the server trusts', ['id-jag-issuer-refused']),
  draft.must('id-jag-4.4-aud', '3, 4.4', "aud is this authorization server's issuer, one value", [
    branch('another server', 'id-jag-audience-refused'),
    branch('an array naming this server among others', 'id-jag-audience-array-refused'),
  ]),
  draft.must('id-jag-4.4-client-id', '4.4', 'client_id is the client that authenticated at the token endpoint', ['id-jag-client-id-refused']),
  draft.must('id-jag-4.4-exp', '4.4; RFC 7523 section 3 (4)', 'An ID-JAG past its exp is rejected, and one with an unreasonably far exp may be', [
    branch('expired', 'id-jag-expired-refused'),
    branch('long-lived', 'id-jag-long-lived-refused'),
  ]),
  draft.must('id-jag-4.4-iat', '4.4; RFC 7523 section 3 (6)', 'An ID-JAG issued in the future beyond clock skew is rejected', ['id-jag-iat-future-refused']),
  draft.must('id-jag-4.4-jti', '4.4; RFC 7523 section 3 (7)', 'An ID-JAG is used once: a replay (same jti) is rejected', ['id-jag-jti-replay-refused']),
  draft.must('id-jag-4.4-resource', '4.4', 'resource, when present, names this resource', ['id-jag-resource-refused']),
  draft.must('id-jag-4.4-scope', '4.4', 'The scope granted is within what the resource offers', ['id-jag-scope-refused']),
];
