import { register } from './client.js';
import type { CheckContext } from './context.js';
import { retryAfterSeconds, type Exchange } from './http.js';
import { waitWithProgress } from './progress.js';

/**
 * Registers at {base_url}/register. Runs from the same machine share one per-IP budget, so a
 * 429 here is waited out once (as Retry-After asks) rather than failing an unrelated check.
 */
export async function registerPolitely(ctx: CheckContext, request: unknown): Promise<Exchange> {
  const endpoint = ctx.target.registrationEndpoint;
  const first = await register(ctx.http, endpoint, request);
  if (first.response.status !== 429) return first;
  const seconds = retryAfterSeconds(first);
  if (seconds === undefined || seconds > ctx.settings.registerRateLimit.windowSeconds) return first;
  await waitWithProgress(ctx.progress, 'registration rate limited: waiting as Retry-After asks', seconds * 1000 + 250);
  return register(ctx.http, endpoint, request);
}
