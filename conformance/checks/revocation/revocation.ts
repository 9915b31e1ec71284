import { fail } from '../../check.js';
import type { OAuthClient } from '../../client.js';
import type { CheckContext } from '../../context.js';
import { describeError } from '../../describe-error.js';
import { describeResponse } from '../../expect.js';
import type { Exchange } from '../../http.js';
import { tryToken } from '../../eras.js';
import { secondClient } from '../authorization/experiments.js';

/**
 * One request with `token`, not waiting out a 429: by now the rate-limit checks may have spent
 * the person's budget, and a 429 still shows the token passed authentication (section 8 rule 4).
 */
export async function tokenInUse(ctx: CheckContext, token: string, what: string): Promise<Exchange> {
  const exchange = await tryToken(ctx, token, { waitOutRateLimit: false });
  if (exchange.response.status !== 200 && exchange.response.status !== 429) {
    fail(`${what} was refused before any revocation: ${describeResponse(exchange)}`);
  }
  return exchange;
}

/**
 * The clients that try to revoke a token not theirs: another registered client, and with
 * --client-metadata-url the metadata-document client too (a deployment may compare the client
 * for registered clients only).
 */
export async function otherClients(ctx: CheckContext): Promise<{ readonly name: string; readonly client: OAuthClient }[]> {
  const others = [{ name: 'another registered client', client: await secondClient(ctx) }];
  const documentUrl = ctx.settings.clientMetadataUrl;
  if (documentUrl) others.push({ name: `the metadata-document client ${documentUrl}`, client: await ctx.metadataClient(documentUrl) });
  return others;
}

export async function revoke(client: OAuthClient, token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
  try {
    await client.revoke(token, hint);
  } catch (error) {
    fail(`revoking the ${hint.replace('_', ' ')} failed: ${describeError(error)}`);
  }
}
