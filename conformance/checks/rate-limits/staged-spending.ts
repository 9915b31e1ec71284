import { setTimeout as sleep } from 'node:timers/promises';
import { fail } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';
import type { Exchange } from '../../http.js';
import { waitWithProgress } from '../../progress.js';
import { readyToken, tryToken } from '../../eras.js';

/** Probes per window while watching for capacity to come back. */
const PROBES_PER_WINDOW = 40;

export interface StagedSpending {
  /** The one request that opens the window. */
  readonly first: Exchange;
  /** The rest of the budget, half a window later. */
  readonly burst: readonly Exchange[];
  /** Requests sent one by one until a quarter window after the first one aged out. */
  readonly probes: readonly Exchange[];
}

/**
 * After a quiet window: one request, the rest of the budget half a window later, then probes.
 * Wherever a fixed window's edge falls, it lies before the burst or in the time the probes
 * cover; and the refusals come at known distances from the oldest request, for Retry-After.
 */
export function stagedSpending(ctx: CheckContext): Promise<StagedSpending> {
  return ctx.once('spend the MCP budget in two parts and watch it return', async () => {
    const { limit, windowSeconds } = ctx.settings.mcpRateLimit;
    const windowMs = windowSeconds * 1000;
    const ping = async (): Promise<Exchange> =>
      tryToken(ctx, await readyToken(ctx), { waitOutRateLimit: false });
    // Connected first (initialize is a request too), then an empty window, so that every
    // admission below is this experiment's own.
    await readyToken(ctx);
    await waitWithProgress(ctx.progress, `letting the ${windowSeconds} s window empty`, windowMs);
    const first = await ping();
    if (first.response.status !== 200) fail(`after a quiet window the first request got ${describeResponse(first)}`);
    const halfway = first.startedAt + windowMs / 2;
    await waitWithProgress(ctx.progress, 'waiting half a window before spending the rest', Math.max(0, halfway - Date.now()));
    const burst = await Promise.all(Array.from({ length: limit - 1 }, ping));
    const probes: Exchange[] = [];
    const stopAt = first.startedAt + windowMs * 1.25;
    while (Date.now() < stopAt) {
      probes.push(await ping());
      await sleep(windowMs / PROBES_PER_WINDOW);
    }
    return { first, burst, probes };
  });
}

/** When the answer arrived, on this side's clock. */
export function answeredAt(exchange: Exchange): number {
  return exchange.startedAt + exchange.durationMs;
}
