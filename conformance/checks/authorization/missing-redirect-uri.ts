import { CheckSkipped, skip } from '../../check.js';
import { registrationRequest } from '../../client.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';
import { jsonOf } from '../../http.js';
import { isObject } from '../../mcp.js';
import { registerPolitely } from '../../registration.js';

/**
 * An authorization request without redirect_uri from a client that registered two: RFC 6749
 * section 3.1.2.3 says it MUST name one, so the deployment has no validated URI to redirect to.
 * `what` names the request for the report.
 */
export async function missingRedirectUriRequest(ctx: CheckContext): Promise<{ url: URL; what: string }> {
  const client = await ctx.client();
  const second = new URL(client.redirectUri);
  second.pathname = '/second-callback';
  const registration = await registerPolitely(ctx, registrationRequest('survey-mcp conformance (two redirects)', [client.redirectUri, second.href]));
  const body = jsonOf(registration);
  const clientId = isObject(body) ? body['client_id'] : undefined;
  if (typeof clientId !== 'string') skip(`registering two redirect URIs answered ${describeResponse(registration)}`);
  const { url } = await client.beginAuthorization({ redirect_uri: undefined });
  url.searchParams.set('client_id', clientId);
  return { url, what: `an authorization request without redirect_uri from client_id "${clientId}" (two registered)` };
}

/**
 * Runs the missing-redirect_uri branch of a check whose other branches already passed: a skip
 * there (a sign-in asked first, a registration refused) keeps them, with a note, instead of
 * throwing away what was verified.
 */
export async function missingRedirectUriBranch(branch: () => Promise<string>): Promise<string> {
  try {
    return await branch();
  } catch (error) {
    if (!(error instanceof CheckSkipped)) throw error;
    return `the missing-redirect_uri branch was not tried: ${error.message}`;
  }
}
