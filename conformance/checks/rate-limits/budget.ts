import { fail } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';
import type { Exchange } from '../../http.js';
import { formatRateLimit } from '../../options.js';
import { readyToken, tryToken } from '../../eras.js';
import { cheapestRequest, spokenEras, type SpokenEra } from '../../each-era.js';

/** Requests in flight at once while spending a budget: fast, without flooding a remote host. */
const CONCURRENCY = 8;

export interface Exhaustion {
  /** The first 429. */
  readonly refused: Exchange;
  /** When it arrived (epoch ms): Retry-After counts from here. */
  readonly refusedAt: number;
  /** Requests admitted on the way (none when the person was already limited). */
  readonly admitted: readonly Exchange[];
  readonly sent: number;
  /** The era of the request the first 429 answered (undefined: the era-free `tryToken`). */
  readonly refusedEra: SpokenEra | undefined;
}

/**
 * Of the 429s of one wave, the index of the one answered first: the deployment's first refusal,
 * the others being repeats to it (-1 when none). Requests of a wave run at once, so their order
 * of sending says nothing.
 */
function firstAnswered(refused: readonly { exchange: Exchange; index: number }[]): number {
  const answeredAt = ({ exchange }: { exchange: Exchange }): number => exchange.startedAt + exchange.durationMs;
  return [...refused].sort((a, b) => answeredAt(a) - answeredAt(b))[0]?.index ?? -1;
}

/**
 * The request `index` of a spending: the eras offered take turns (section 8 rule 1: every request
 * costs one, whatever its era), so a path of one era the limiter does not count shows.
 */
function spendingRequest(ctx: CheckContext, eras: readonly SpokenEra[], index: number, token: string): { era: SpokenEra | undefined; sent: Promise<Exchange> } {
  const era = eras.length > 0 ? eras[index % eras.length] : undefined;
  return { era, sent: era ? cheapestRequest(ctx, era, token, { waitOutRateLimit: false }) : tryToken(ctx, token, { waitOutRateLimit: false }) };
}

/**
 * Spends the person's MCP budget with `token` (the cheapest request of each era offered, in
 * turn) until the first 429. At most limit + 1 requests: if none is refused by then, the limit is
 * not enforced.
 */
export async function exhaustBudget(ctx: CheckContext, token: string): Promise<Exhaustion> {
  const rate = ctx.settings.mcpRateLimit;
  const eras = await spokenEras(ctx).catch((): SpokenEra[] => []);
  const maxRequests = rate.limit + 1;
  const admitted: Exchange[] = [];
  const startedAt = Date.now();
  let sent = 0;
  while (sent < maxRequests) {
    const wave = Math.min(CONCURRENCY, maxRequests - sent);
    const requests = Array.from({ length: wave }, (_, index) => spendingRequest(ctx, eras, sent + index, token));
    sent += wave;
    const exchanges = await Promise.all(requests.map((request) => request.sent));
    const firstRefused = firstAnswered(exchanges.map((exchange, index) => ({ exchange, index })).filter(({ exchange }) => exchange.response.status === 429));
    for (const exchange of exchanges) {
      if (exchange.response.status === 200) admitted.push(exchange);
      else if (exchange.response.status !== 429) fail(`while spending the budget a request got ${describeResponse(exchange)}`);
    }
    if (firstRefused >= 0) return { refused: exchanges[firstRefused]!, refusedEra: requests[firstRefused]!.era, refusedAt: Date.now(), admitted, sent };
  }
  const elapsed = (Date.now() - startedAt) / 1000;
  const inconclusive = elapsed > rate.windowSeconds ? ', but sending took longer than the window, so the test is inconclusive' : '';
  fail(
    `${sent} requests in ${elapsed.toFixed(1)} s were all admitted; the limit is ${formatRateLimit(rate)} per person${inconclusive} (use --mcp-rate-limit if this deployment is configured otherwise)`,
  );
}

/** The first spending of the run, shared by the checks that only inspect its answers. */
export function firstExhaustion(ctx: CheckContext): Promise<Exhaustion> {
  return ctx.once('spend the MCP budget', async () => exhaustBudget(ctx, await readyToken(ctx)));
}
