import type { Check } from './check.js';
import { SetupFailed } from './errors.js';
import { header, type Http } from './http.js';
import { initializeParams } from './mcp.js';
import type { Target } from './target.js';

/** The checks that send --foreign-token. */
const USERS = new Set(['foreign-token-403', 'insufficient-scope-challenge', 'bearer-challenge-syntax']);

/** How QA gets a token of another service: minted where the job runs, so it cannot have expired. */
export const MINT_FOREIGN_TOKEN = 'survey-mcp token issue --user EMAIL --scope reporting --ttl 7200';

/**
 * A --foreign-token the deployment does not know at all (expired: `token issue` gives an hour by
 * default; or minted on another deployment) is a mistake in the job, not a rule broken: one
 * request before the checks, answered 401 as a request without any token is, ends the run with
 * exit 2. A valid token of another service gets 403 (section 5.1 rule 3), which the checks judge.
 */
export async function assertForeignTokenKnown(http: Http, target: Target, token: string | undefined, checks: readonly Check[]): Promise<void> {
  if (token === undefined || !checks.some((check) => USERS.has(check.id))) return;
  const exchange = await http.send({
    method: 'POST',
    url: target.mcpEndpoint,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: initializeParams() }),
  });
  if (exchange.response.status !== 401) return;
  const challenge = header(exchange, 'www-authenticate');
  throw new SetupFailed(
    `--foreign-token is not a valid token of this deployment: POST ${target.mcpEndpoint} answered it HTTP 401${challenge ? ` (${challenge})` : ''}, as it answers a request without a token. It has expired or was minted elsewhere: mint a fresh one in the job, --foreign-token "$(${MINT_FOREIGN_TOKEN})". (If the token is fresh, the deployment refuses a valid token of another service with 401 instead of 403, section 5.1 rule 3.)`,
  );
}
