import { branch, requirementsFrom, type Requirement } from './requirement.js';
import { CLIENT, PERMISSION } from './rfc-reasons.js';

const rfc7636 = requirementsFrom('RFC 7636', 'any');

/**
 * RFC 7636 (PKCE), every MUST, SHOULD and MAY, beyond rfcs.ts (whose ids stay there). Read in
 * round three from a section-by-section normative condensation of the RFC found in the code index,
 * with the wording of sections 4.1 and 4.2 confirmed in the pages and code that quote them.
 */
export const RFC7636_REQUIREMENTS: readonly Requirement[] = [
  rfc7636.should('rfc7636-4.1-entropy', '4.1, 7.1', 'A verifier has enough entropy (32 random octets, base64url) to be impractical to guess', { unobservable: CLIENT }),
  rfc7636.must('rfc7636-4.2-s256-implemented', '4.2', 'S256 is mandatory to implement on the server', ['authorization-code-flow', 'pkce-methods']),
  rfc7636.must('rfc7636-4.2-client-s256', '4.2, 7.2', 'A client able to use S256 uses it, and never downgrades to plain after trying it', { unobservable: CLIENT }),
  rfc7636.must('rfc7636-4.3-default-plain', '4.3', 'A request without code_challenge_method is taken as plain', ['pkce-default-method-plain']),
  rfc7636.must('rfc7636-4.4-associate', '4.4', 'The challenge and its method are bound to the code they were sent with', ['pkce-verifier-mismatch', 'pkce-no-downgrade']),
  rfc7636.must('rfc7636-4.4-not-exposed', '4.4', 'The challenge is not handed out in a form others can extract', {
    unobservable: 'what the server keeps and where is internal',
  }),
  rfc7636.must('rfc7636-4.4.1-required', '4.4.1', 'A server requiring PKCE refuses a request without code_challenge with invalid_request', ['pkce-required', 'authorization-error-redirect']),
  rfc7636.should('rfc7636-4.4.1-explained', '4.4.1', 'The PKCE refusals explain themselves in error_description or error_uri', ['pkce-refusals-explained']),
  rfc7636.must('rfc7636-4.5-verifier-required', '4.5', 'A code is redeemed only with a code_verifier', ['pkce-verifier-form-refused'], ['client']),
  rfc7636.must('rfc7636-4.5-method-bound', '4.5', 'The token endpoint verifies with the method bound to the code', ['pkce-no-downgrade']),
  rfc7636.must('rfc7636-4.6-s256', '4.6', 'The verifier is checked by the method the challenge was sent with (S256: BASE64URL(SHA256(verifier)))', [
    branch('S256', 'authorization-code-flow', 'pkce-verifier-mismatch'),
    branch('plain', 'pkce-plain-verifier-mismatch'),
  ]),
  rfc7636.must('rfc7636-4.6-continue', '4.6', 'A matching verifier lets the token request go on as usual', ['authorization-code-flow']),
  rfc7636.may('rfc7636-5-without-pkce', '5', 'A server may accept clients that do not use PKCE (the contract requires it)', { unobservable: PERMISSION }),
  rfc7636.should('rfc7636-5-client-sends', '5, 7.2', 'Clients send PKCE to every server, and use S256 rather than plain', { unobservable: CLIENT }),
  rfc7636.must('rfc7636-7.2-stateless-plain', '7.2', 'A plain challenge kept inside a stateless code is encrypted for the server alone', {
    unobservable: 'what a code carries is internal; to the client it is an opaque string',
  }),
];
