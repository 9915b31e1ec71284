/** The rate limits' defaults and the `N/S` flag form. */
import type { RateRule } from '../limits/limiter.js';

export const defaultMcpRateLimit: RateRule = { limit: 180, windowMs: 60_000 };
export const defaultRegisterRateLimit: RateRule = { limit: 20, windowMs: 60_000 };
export const defaultSignInRateLimit: RateRule = { limit: 20, windowMs: 60_000 };
/**
 * Sized for the busiest real client: Gemini CLI renews before almost every request, twice in
 * parallel, and the MCP endpoint admits 180 requests a minute per person, so one grant needs up
 * to ~360 renewals a minute. Charged only once the client authenticated; a retry within the grace
 * mints nothing (it gets the rotation's own answer), so this bounds rotations, not access tokens.
 */
export const defaultTokenGrantRateLimit: RateRule = { limit: 400, windowMs: 60_000 };
export const defaultTokenRateLimit: RateRule = { limit: 1200, windowMs: 60_000 };

/** Parses `N/S` (N requests per S seconds), e.g. `180/60`. */
export function parseRateRule(flag: string, value: string): RateRule {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const limit = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || limit < 1 || seconds < 1 || seconds > 3600) {
    throw new RangeError(
      `${flag} '${value}' is not N/S: give requests per window in seconds, e.g. 180/60 (S from 1 to 3600)`,
    );
  }
  return { limit, windowMs: seconds * 1000 };
}

