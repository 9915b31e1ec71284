import { register } from './client.js';
import { retryAfterSeconds, type Exchange, type Http } from './http.js';
import type { RateLimit } from './options.js';
import { waitWithProgress, type Progress } from './progress.js';

/** The four things polite registration needs of a check's context (not the whole of it). */
export interface RegistrationContext {
  readonly http: Http;
  readonly target: { readonly registrationEndpoint: string };
  readonly settings: { readonly registerRateLimit: RateLimit };
  readonly progress: Progress;
}

/**
 * Registers at {base_url}/register. Runs from the same machine share one per-IP budget, so a
 * 429 here is waited out once (as Retry-After asks) rather than failing an unrelated check.
 */
export async function registerPolitely(ctx: RegistrationContext, request: unknown): Promise<Exchange> {
  const endpoint = ctx.target.registrationEndpoint;
  const first = await register(ctx.http, endpoint, request);
  if (first.response.status !== 429) return first;
  const seconds = retryAfterSeconds(first);
  if (seconds === undefined || seconds > ctx.settings.registerRateLimit.windowSeconds) return first;
  await waitWithProgress(ctx.progress, 'registration rate limited: waiting as Retry-After asks', seconds * 1000 + 250);
  return register(ctx.http, endpoint, request);
}
