import { fail } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';
import type { Exchange } from '../../http.js';
import { formatRateLimit } from '../../options.js';
import { readyToken, tryToken } from '../../eras.js';

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
}

/**
 * Spends the person's MCP budget with `token` (the cheapest request of the era offered, `tryToken`) until the first 429.
 * At most limit + 1 requests: if none is refused by then, the limit is not enforced.
 */
export async function exhaustBudget(ctx: CheckContext, token: string): Promise<Exhaustion> {
  const rate = ctx.settings.mcpRateLimit;
  const maxRequests = rate.limit + 1;
  const admitted: Exchange[] = [];
  const startedAt = Date.now();
  let sent = 0;
  while (sent < maxRequests) {
    const wave = Math.min(CONCURRENCY, maxRequests - sent);
    sent += wave;
    const exchanges = await Promise.all(
      Array.from({ length: wave }, () => tryToken(ctx, token, { waitOutRateLimit: false })),
    );
    const refused = exchanges.find((exchange) => exchange.response.status === 429);
    for (const exchange of exchanges) {
      if (exchange.response.status === 200) admitted.push(exchange);
      else if (exchange.response.status !== 429) fail(`while spending the budget a request got ${describeResponse(exchange)}`);
    }
    if (refused) return { refused, refusedAt: Date.now(), admitted, sent };
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
