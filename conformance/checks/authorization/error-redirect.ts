import { fail } from '../../check.js';
import type { PendingAuthorization } from '../../client.js';
import { describeResponse } from '../../expect.js';
import type { AuthorizationOutcome } from '../../sign-in.js';

/**
 * RFC 6749 section 4.1.2.1 and RFC 9207: an error sent back to a validated redirect URI carries
 * the error code, the request's state byte for byte, and iss equal to the issuer. Returns what
 * is wrong, or undefined.
 */
export function errorRedirectProblem(
  outcome: AuthorizationOutcome,
  pending: PendingAuthorization,
  expected: readonly string[],
  issuer: string,
): string | undefined {
  if (outcome.kind === 'sign-in-required') return 'asked for a sign-in first';
  if (outcome.kind === 'page') return `stopped at a page (${describeResponse(outcome.exchange)}) instead of redirecting back`;
  const { searchParams } = outcome.url;
  const error = searchParams.get('error');
  if (error === null) return 'redirected back without an error: a code was issued';
  if (!expected.includes(error)) return `error "${error}", expected ${expected.map((code) => `"${code}"`).join(' or ')}`;
  const state = searchParams.get('state');
  if (state !== pending.state) return `state ${state === null ? 'missing' : JSON.stringify(state)}, sent ${JSON.stringify(pending.state)}`;
  const iss = searchParams.get('iss');
  if (iss !== issuer) return `iss ${iss === null ? 'missing' : `"${iss}"`}, expected "${issuer}"`;
  return undefined;
}

export function expectErrorRedirect(
  outcome: AuthorizationOutcome,
  pending: PendingAuthorization,
  expected: readonly string[],
  issuer: string,
  what: string,
): string {
  const problem = errorRedirectProblem(outcome, pending, expected, issuer);
  if (problem) fail(`${what}: ${problem}`);
  return `${what}: redirected back with error, state and iss`;
}

/**
 * The error code alone of a refusal sent back to the client: for checks of one refusal, whose
 * state and iss are authorization-error-redirect's to prove. Returns what is wrong, or undefined.
 */
export function errorCodeProblem(outcome: AuthorizationOutcome, expected: string): string | undefined {
  if (outcome.kind === 'sign-in-required') return 'asked for a sign-in first';
  if (outcome.kind === 'page') return `stopped at a page (${describeResponse(outcome.exchange)}) instead of redirecting back`;
  const error = outcome.url.searchParams.get('error');
  if (error === null) return 'redirected back without an error: a code was issued';
  return error === expected ? undefined : `error "${error}", expected "${expected}"`;
}
