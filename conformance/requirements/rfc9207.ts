import { CLIENT } from './rfc-reasons.js';
import { requirementsFrom, type Requirement } from './requirement.js';

const rfc9207 = requirementsFrom('RFC 9207', 'any');


/**
 * RFC 9207 (OAuth 2.0 Authorization Server Issuer Identification), sentence by sentence, beside
 * the two ids rfcs.ts keeps (2-iss, 3-advertised). No repository of the draft could be fetched
 * here; the RFC's plain text (March 2022) was read whole as a test file of a public repository
 * quotes it (found with the code index by its sentence "MUST NOT allow multiple authorization
 * servers"): sections 2 to 4; section 5 (IANA) binds registries.
 */
export const RFC9207_REQUIREMENTS: readonly Requirement[] = [
  rfc9207.must('rfc9207-2-iss-form', '2', 'iss is the issuer identifier: an https URL without query or fragment', ['iss-returned', 'issuer-matches-base-url']),
  rfc9207.must('rfc9207-2.3-provide-issuer', '2.3', 'The authorization server provides its issuer identifier (in its metadata)', ['authorization-server-metadata']),
  rfc9207.must('rfc9207-2.4-iss-value', '2.3', 'iss equals the issuer of the metadata', ['iss-returned', 'authorization-error-redirect']),
  rfc9207.may('rfc9207-2.3-other-means', '2.3', 'The issuer may also be made known by other means', {
    unobservable: 'a permission: either choice conforms, so there is nothing to fail',
  }),
  rfc9207.must('rfc9207-2.4-client-validation', '2.4', 'Clients decode iss, compare it by simple string comparison to the issuer they sent the request to (the metadata\'s), and reject a mismatch', {
    unobservable: CLIENT,
  }),
  rfc9207.must('rfc9207-2.4-client-state', '2.4', 'Clients remember which servers send iss, reject responses without it from those, and SHOULD discard it from the others (MAY accept responses without it)', {
    unobservable: CLIENT,
  }),
  rfc9207.must('rfc9207-2.4-id-token', '2.4', 'Where an ID Token comes from the authorization endpoint, iss equals its iss claim', {
    unobservable: 'binds OpenID Connect flows that return an ID Token from the authorization endpoint; the deployment offers response type code only',
  }),
  rfc9207.must('rfc9207-4-client', '4', 'Clients validate iss as in 2.4, never let two servers share an issuer, and reject a response whose issuers disagree', {
    unobservable: CLIENT,
  }),
  rfc9207.may('rfc9207-4-alternatives', '4', 'iss may be omitted where the response names its issuer otherwise (ID Token, JARM)', {
    unobservable: 'the deployment offers neither ID Tokens nor JARM, so iss is its only way to name itself (rfc9207-2-iss)',
  }),
];
