import { branch, requirementsFrom, type Requirement } from './requirement.js';
import { PERMISSION } from './rfc-reasons.js';

const rfc7523 = requirementsFrom('RFC 7523', 'any');
const rfc7521 = requirementsFrom('RFC 7521', 'any');

/**
 * private_key_jwt client authentication (RFC 7523 section 3 over RFC 7521 section 4.2), for a
 * deployment that lists it beside none (ChatGPT's metadata document declares it). Every check
 * skips where the deployment lists none alone, which the contract's metadata says.
 */
export const RFC7523_REQUIREMENTS: readonly Requirement[] = [
  rfc7521.must('rfc7521-4.2-client-assertion', '4.2', 'A client authenticating with an assertion sends client_assertion_type and client_assertion, and a valid one is accepted', [
    branch("keys at the document's jwks_uri", 'private-key-jwt-accepted'),
    branch("keys inline in the document's jwks", 'private-key-jwt-accepted'),
    branch("client_id left out, the assertion's sub naming the client", 'private-key-jwt-accepted'),
  ]),
  rfc7521.must('rfc7521-4.2-assertion-binds', '4.2', "A client whose document says private_key_jwt is not served without its assertion (invalid_client)", [
    'private-key-jwt-assertion-required',
  ]),
  rfc7523.must('rfc7523-3-aud', '3 (3)', 'An assertion is accepted when its aud is the issuer, and rejected when it names another server', [
    branch('the issuer, accepted', 'private-key-jwt-accepted'),
    branch('another server, rejected', 'private-key-jwt-wrong-audience-refused'),
  ]),
  rfc7523.should('rfc7523bis-aud-single', '3 (3), draft-ietf-oauth-rfc7523bis', 'aud is one string naming this server: an array is rejected, also when it names the issuer or the token endpoint beside another server (audience injection)', [
    branch('an array naming the issuer', 'private-key-jwt-audience-array-refused'),
    branch("an array naming another server's token endpoint and this one's", 'private-key-jwt-audience-injection-refused'),
  ]),
  rfc7523.may('rfc7523-3-iat', '3 (6)', 'The server may reject an assertion whose iat is unreasonably far in the past, or in the future beyond the clock skew', [
    branch('in the future', 'private-key-jwt-iat-future-refused'),
    branch('a year old', 'private-key-jwt-iat-too-old-refused'),
  ]),
  rfc7523.may('rfc7523-3-aud-token-endpoint', '3 (3)', 'The token endpoint URL may be used as aud (draft-ietf-oauth-rfc7523bis keeps the issuer alone): tried and noted, never failed', [
    'private-key-jwt-accepted',
  ]),
  rfc7523.must('rfc7523-3-sub', '3 (2)', "For client authentication, an assertion's sub is the client_id: one naming another client is rejected", ['private-key-jwt-subject-refused']),
  rfc7523.must('rfc7523-3-exp', '3 (4)', 'An assertion past its exp is rejected', ['private-key-jwt-expired-refused'], ['grant']),
  rfc7523.may('rfc7523-3-exp-bound', '3 (4)', 'The server may reject an assertion with an unreasonably far exp', { unobservable: PERMISSION }),
  rfc7523.may('rfc7523-3-jti', '3 (7)', 'The server may keep used jti values and reject a replayed assertion', ['private-key-jwt-jti-replay-refused'], ['grant']),
  rfc7523.must('rfc7523-3-signature', '3 (9)', "An assertion not signed by a key of the client is rejected", ['private-key-jwt-wrong-key-refused'], ['grant']),
  rfc7523.must('rfc7523-3-validated', '3', 'An assertion sent with a token request is validated: one for a public client, which has no keys, is rejected', [
    'private-key-jwt-public-client-assertion-refused',
  ]),
  rfc7523.must('rfc7523-3.2-invalid-client', '3.2', 'A rejected client assertion answers invalid_client', [
    'private-key-jwt-assertion-required',
    'private-key-jwt-wrong-audience-refused',
    'private-key-jwt-subject-refused',
    'private-key-jwt-expired-refused',
    'private-key-jwt-wrong-key-refused',
    'private-key-jwt-public-client-assertion-refused',
    'private-key-jwt-audience-array-refused',
    'private-key-jwt-audience-injection-refused',
    'private-key-jwt-iat-future-refused',
    'private-key-jwt-iat-too-old-refused',
    'private-key-jwt-jti-malformed-refused',
  ]),
];
