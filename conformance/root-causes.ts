import type { Check } from './check.js';
import { clientDocumentUnavailable, header, retryAfterSeconds, type Exchange } from './http.js';
import { formatRateLimit, type RateLimit } from './options.js';
import { prerequisitesOf, providedBy, type Prerequisite } from './prerequisites.js';

/** A failure that is a prerequisite's root cause: the check that found it. */
export interface Blocker {
  readonly prerequisite: Prerequisite;
  readonly rootId: string;
}

const NEEDS: Readonly<Record<Prerequisite, string>> = {
  discovery: 'the metadata documents',
  registration: 'registering a client',
  'sign-in': 'a sign-in that earns tokens',
  token: 'a token the MCP endpoint accepts',
  'rate-limit-budget': 'the MCP rate limit the runner was told',
};

/** How a blocked check reads: which check failed, and what it took away. */
export function blockedMessage({ prerequisite, rootId }: Blocker): string {
  return `blocked by ${rootId}: it needs ${NEEDS[prerequisite]}, which failed there`;
}

/** The prerequisites found failed so far in a run, each with the check that found it first. */
export class RootCauses {
  private readonly failed = new Map<Prerequisite, string>();

  /** The first failed prerequisite `check` needs, if any: it is then not run. */
  blockerOf(check: Pick<Check, 'id' | 'group' | 'needsSignIn'>): Blocker | undefined {
    for (const prerequisite of prerequisitesOf(check)) {
      const rootId = this.failed.get(prerequisite);
      if (rootId !== undefined && rootId !== check.id) return { prerequisite, rootId };
    }
    return undefined;
  }

  /** The root that already failed `prerequisite`, when a check's failure turns out to be its. */
  rootOf(prerequisite: Prerequisite): Blocker | undefined {
    const rootId = this.failed.get(prerequisite);
    return rootId === undefined ? undefined : { prerequisite, rootId };
  }

  /** A MUST check failed: the prerequisites it proves (and `cause`, when known) fail with it. */
  recordFailure(checkId: string, cause: Prerequisite | undefined): void {
    for (const prerequisite of [...providedBy(checkId), ...(cause ? [cause] : [])]) {
      if (!this.failed.has(prerequisite)) this.failed.set(prerequisite, checkId);
    }
  }
}

/** The cause of failures that a 429 before the told budget was spent explains. */
export const RATE_LIMIT_MISTOLD = 'a rate limit other than the --mcp-rate-limit the runner was told';

/** What a failure's evidence says about its cause, beyond the rule the check tests. */
export interface Diagnosis {
  readonly prerequisite: Prerequisite;
  /** Added to the failure's message: what was seen, and what to check. */
  readonly hint: string;
  /** What to fix, in a line: the cause the report's summary groups the failure under. */
  readonly cause: string;
}

/**
 * Looks for the two ways a deployment's rate limit breaks checks that are not about it: a proxy
 * that answers HTML 503 pages in the deployment's place (a rewritten 429), and a 429 long before
 * the budget the runner was told is spent (a wrong --mcp-rate-limit).
 */
export function diagnose(
  exchanges: readonly Exchange[],
  history: readonly Exchange[],
  mcpEndpoint: string,
  rate: RateLimit,
): Diagnosis | undefined {
  const onMcp = (exchange: Exchange): boolean => exchange.request.url === mcpEndpoint;
  // Any endpoint behind the proxy (registration too): the deployment itself answers JSON.
  // A client's document host out of reach is the deployment's own page (an authorization answers HTML).
  const rewritten = exchanges.find((exchange) => exchange.response.status === 503 && isHtml(exchange) && !clientDocumentUnavailable(exchange));
  if (rewritten) {
    const spent = onMcp(rewritten) ? ` after ${spentBefore(history, rewritten, rate)} requests in ${rate.windowSeconds} s` : '';
    return {
      prerequisite: 'rate-limit-budget',
      cause: 'a proxy rewriting 429 into an HTML 503 page',
      hint: `${rewritten.request.method} ${rewritten.request.url} answered HTTP 503 with an HTML page${spent}, where the deployment answers JSON: a proxy in front of it is likely rewriting its 429 (rate limited, Retry-After) into a 503 page; let the proxy pass 429 and Retry-After through`,
    };
  }
  const early = exchanges.find((exchange) => onMcp(exchange) && exchange.response.status === 429);
  if (early) {
    const spent = spentBefore(history, early, rate);
    if (spent < earlyBelow(rate)) {
      return {
        prerequisite: 'rate-limit-budget',
        cause: RATE_LIMIT_MISTOLD,
        hint: `the deployment answered HTTP 429 after ${spent} requests in ${rate.windowSeconds} s, fewer than the budget the runner was told (${formatRateLimit(rate)}): is --mcp-rate-limit right? Pass the deployment's own limit as --mcp-rate-limit LIMIT/SECONDS`,
      };
    }
  }
  return undefined;
}

/** Below this many requests in a window, a 429 contradicts the budget (clocks differ a little on each side). */
export function earlyBelow(rate: RateLimit): number {
  return Math.floor(rate.limit * 0.8);
}

/**
 * Requests that carried a token to the same endpoint from a window before `exchange` was sent
 * until it was answered, itself included: the deployment counted it on arrival, somewhere in
 * between, so a slow answer under load must not shrink the count (a 429 misread as a stricter
 * limit); those sent alongside it (a wave of concurrent ones) may have reached the deployment first. Refused ones count too: a concurrency cap that refuses some of a burst
 * inside the budget is whole-budget-at-once's to name, not a stricter limit.
 */
export function spentBefore(history: readonly Exchange[], exchange: Exchange, rate: RateLimit): number {
  return sentInWindow(history, exchange, rate).length;
}

function sentInWindow(history: readonly Exchange[], exchange: Exchange, rate: RateLimit): Exchange[] {
  const answeredAt = exchange.startedAt + exchange.durationMs;
  const since = exchange.startedAt - rate.windowSeconds * 1000;
  return history.filter(
    (earlier) =>
      earlier.request.url === exchange.request.url &&
      earlier.request.headers['authorization'] !== undefined &&
      earlier.startedAt >= since &&
      earlier.startedAt <= answeredAt,
  );
}

/**
 * A 429 whose Retry-After comes far sooner than the told budget could free a request: under a
 * sliding window of `windowSeconds`, the oldest request counted ages out only a window after it
 * was sent. Asked to retry in 1 s when that is 40 s away, the deployment's window is shorter than
 * the runner was told (a stricter limit admits a slow spending almost whole, so counting alone
 * misses it). Undefined when Retry-After is absent or agrees within a factor of two.
 */
export function shorterWindow(history: readonly Exchange[], refused: Exchange, rate: RateLimit): { retryAfter: number; expected: number } | undefined {
  const inWindow = sentInWindow(history, refused, rate);
  // The 429s of the refusal's wave: the one answered first need not be the deployment's first
  // refusal, and a repeat may ask for less; the longest wait is the window's word.
  const waits = inWindow
    .filter((exchange) => exchange.response.status === 429 && exchange.startedAt >= refused.startedAt - 1_000)
    .map(retryAfterSeconds)
    .filter((seconds): seconds is number => seconds !== undefined);
  const retryAfter = waits.length > 0 ? Math.max(...waits) : undefined;
  const oldest = inWindow.find((exchange) => exchange.response.status !== 429);
  if (retryAfter === undefined || !oldest) return undefined;
  const answeredAt = refused.startedAt + refused.durationMs;
  const expected = (oldest.startedAt + rate.windowSeconds * 1000 - answeredAt) / 1000;
  return expected - retryAfter > 5 && retryAfter < expected / 2 ? { retryAfter, expected: Math.round(expected) } : undefined;
}

function isHtml(exchange: Exchange): boolean {
  return (header(exchange, 'content-type') ?? '').toLowerCase().startsWith('text/html');
}
