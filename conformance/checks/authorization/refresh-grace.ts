import { fail, skip } from '../../check.js';
import type { OAuthClient } from '../../client.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';
import { cite, jsonOf, type Exchange } from '../../http.js';
import { refreshRaw } from './experiments.js';

/** A refresh token renewed once and at once presented again, as a client retrying within the grace. */
export interface GraceRetry {
  readonly client: OAuthClient;
  /** The refresh token renewed: spent, but within the grace. */
  readonly spent: string;
  /** The refresh token the renewal issued. */
  readonly successor: string;
  /** The same spent token presented again at once, and its answer's refresh_token. */
  readonly retry: Exchange;
  readonly retrySuccessor: unknown;
  /** When the renewal was answered (epoch ms): the grace counts from here. */
  readonly renewedAt: number;
}

/**
 * Renews a fresh grant and presents the spent refresh token again at once (field notes: token
 * endpoint, issue 23). A deployment without a refresh grace refuses that retry with invalid_grant:
 * then the grace rules do not apply and the check skips, saying so (spent-refresh-token-refused
 * judges the refusal), unless --refresh-grace said it keeps one. Any other refusal is a failure.
 */
export async function graceRetry(ctx: CheckContext): Promise<GraceRetry> {
  const { client, tokens } = await ctx.authorize();
  if (!tokens.refreshToken) fail('the token response has no refresh_token');
  const renewal = await refreshRaw(client, tokens.refreshToken);
  const renewedAt = Date.now();
  const successor = refreshTokenOf(renewal);
  cite(renewal);
  if (renewal.response.status !== 200 || typeof successor !== 'string') fail(`renewing a fresh grant got ${describeResponse(renewal)}, without a new refresh_token`);
  const retry = await refreshRaw(client, tokens.refreshToken);
  cite(retry);
  if (retry.response.status !== 200) {
    if (retry.response.status === 400 && (jsonOf(retry) as { error?: unknown } | undefined)?.error === 'invalid_grant') {
      if (ctx.settings.refreshGraceDocumented) {
        fail(`the spent refresh token, presented again at once as a retry, got 400 invalid_grant: the deployment has no refresh grace, though --refresh-grace ${ctx.settings.refreshGraceSeconds} says it keeps one`);
      }
      skip('the deployment has no refresh grace: the spent refresh token, presented again at once, got 400 invalid_grant (spent-refresh-token-refused judges that)');
    }
    fail(`a retry of the refresh at once got ${describeResponse(retry)}: neither a renewal within a grace nor invalid_grant`);
  }
  return { client, spent: tokens.refreshToken, successor, retry, retrySuccessor: refreshTokenOf(retry), renewedAt };
}

/** Fails when `exchange` came after the grace, where its refusal would prove nothing. */
export function expectWithinGrace(ctx: CheckContext, retry: GraceRetry, exchange: Exchange, what: string): void {
  const seconds = (exchange.startedAt - retry.renewedAt) / 1000;
  if (seconds >= ctx.settings.refreshGraceSeconds) {
    fail(`${what} was sent ${seconds.toFixed(1)} s after the renewal, past the --refresh-grace of ${ctx.settings.refreshGraceSeconds} s, so its refusal proves nothing`);
  }
}

function refreshTokenOf(exchange: Exchange): unknown {
  return (jsonOf(exchange) as { refresh_token?: unknown } | undefined)?.refresh_token;
}
