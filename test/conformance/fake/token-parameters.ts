import type { Faults } from './faults.js';

// The token endpoint's reading of its parameters (RFC 6749 §3.2, RFC 8707 §2), and the ways a broken fake misreads them.

// The assertion's two belong to RFC 7521, which a deployment listing private_key_jwt speaks.
export const TOKEN_PARAMETERS = ['grant_type', 'code', 'redirect_uri', 'code_verifier', 'client_id', 'refresh_token', 'scope', 'resource', 'client_assertion', 'client_assertion_type'];

/** Each way to break RFC 6749 §3.2, on the grant token-request-parameters tries it on (issue 26) and on the other (issue 31). */
const PARAMETER_FAULT_GRANTS: Readonly<Record<NonNullable<Faults['tokenParameters'] | Faults['otherGrantTokenParameters']>, readonly [string, Faults['tokenParameters']]>> = {
  'empty-kept': ['refresh_token', 'empty-kept'],
  'unknown-refused': ['refresh_token', 'unknown-refused'],
  'repeated-first': ['authorization_code', 'repeated-first'],
  'code-empty-kept': ['authorization_code', 'empty-kept'],
  'code-unknown-refused': ['authorization_code', 'unknown-refused'],
  'refresh-repeated-first': ['refresh_token', 'repeated-first'],
};

/** The broken reading of RFC 6749 §3.2 this token request meets, if its grant is the one broken. */
export function tokenParameterFault(raw: Record<string, string | string[]>, faults: Faults): Faults['tokenParameters'] {
  const grantType = [raw['grant_type']].flat()[0];
  const fault = faults.tokenParameters ?? faults.otherGrantTokenParameters;
  const [grant, reading] = fault ? PARAMETER_FAULT_GRANTS[fault] : [undefined, undefined];
  return grant === grantType ? reading : undefined;
}

/** A token request's parameters: the first of a repeated one, an empty one omitted unless the fake keeps it. */
export function tokenParameters(raw: Record<string, string | string[]>, fault: Faults['tokenParameters']): Record<string, string | undefined> {
  const body: Record<string, string | undefined> = {};
  for (const [name, given] of Object.entries(raw)) {
    const value = Array.isArray(given) ? given[0] : given;
    if (value !== '' || fault === 'empty-kept') body[name] = value;
  }
  return body;
}

/** Whether a broken fake lets this token request's foreign resource through. */
export function resourceUnchecked(body: Record<string, string | undefined>, faults: Faults): boolean {
  if (!URL.canParse(body.resource ?? '')) return faults.relativeResourceAccepted === 'token';
  return body.grant_type === 'authorization_code' ? faults.codeResourceUnchecked === true : faults.tokenResourceUnchecked === true;
}
