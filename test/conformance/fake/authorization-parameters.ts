/** The authorization endpoint's parameters, as the fake reads them. */
export const AUTHORIZATION_PARAMETERS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'resource',
] as const;

export type AuthorizationRequest = Partial<Record<(typeof AUTHORIZATION_PARAMETERS)[number], string>>;

export function repeatsAParameter(query: Record<string, unknown>): boolean {
  return AUTHORIZATION_PARAMETERS.some((name) => Array.isArray(query[name]));
}

/** The known parameters; an empty one is omitted (RFC 6749 §3.1) unless `dropEmpty` is false. */
export function pick(source: Record<string, unknown>, dropEmpty = true): AuthorizationRequest {
  const request: AuthorizationRequest = {};
  for (const name of AUTHORIZATION_PARAMETERS) {
    // A repeated parameter reads as its first value: only the broken fake gets this far with one.
    const value = Array.isArray(source[name]) ? (source[name] as unknown[])[0] : source[name];
    if (typeof value === 'string' && (value !== '' || !dropEmpty)) request[name] = value;
  }
  return request;
}
