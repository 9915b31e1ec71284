import { fail } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';
import { jsonOf } from '../../http.js';
import { isObject } from '../../mcp.js';
import { registerPolitely } from '../../registration.js';

export interface RefusedRegistration {
  /** Why it must be refused, in words, for the failure message. */
  readonly case: string;
  /** The JSON body: client metadata, or not an object at all (a NotJsonBody: not even JSON). */
  readonly request: unknown;
}

type RegistrationError = 'invalid_redirect_uri' | 'invalid_client_metadata';

/**
 * Sends each registration and expects 422 with the given `error` code (or one of them) and an
 * `error_description`; fails listing every case that was not refused that way.
 */
export async function expectRefusals(
  ctx: CheckContext,
  errors: RegistrationError | readonly [RegistrationError, ...RegistrationError[]],
  cases: readonly RefusedRegistration[],
): Promise<string> {
  const allowed: readonly unknown[] = typeof errors === 'string' ? [errors] : errors;
  const error = allowed.map((code) => `"${String(code)}"`).join(' or ');
  const problems: string[] = [];
  for (const refused of cases) {
    const exchange = await registerPolitely(ctx, refused.request);
    const body = jsonOf(exchange);
    const ok =
      exchange.response.status === 422 &&
      isObject(body) &&
      allowed.includes(body['error']) &&
      typeof body['error_description'] === 'string' &&
      body['error_description'] !== '';
    if (!ok) problems.push(`${refused.case}: ${describeResponse(exchange)}`);
  }
  if (problems.length > 0) {
    fail(`expected 422 {"error": ${error}, "error_description": …} for each; ${problems.join('; ')}`);
  }
  return `${cases.length} registrations refused with 422 ${error} and a description`;
}
