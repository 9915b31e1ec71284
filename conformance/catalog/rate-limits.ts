import type { Check } from '../check.js';
import { budgetSharedPerPerson } from '../checks/rate-limits/budget-shared-per-person.js';
import { failuresDoNotExtend } from '../checks/rate-limits/failures-do-not-extend.js';
import { inFlightLimit429 } from '../checks/rate-limits/in-flight-limit-429.js';
import { mcpRateLimitEnforced } from '../checks/rate-limits/mcp-rate-limit-enforced.js';
import { noRateLimitHeaders } from '../checks/rate-limits/no-rate-limit-headers.js';
import { repeated429Shape } from '../checks/rate-limits/repeated-429-shape.js';
import { retryAfterCountsToOldest } from '../checks/rate-limits/retry-after-counts-to-oldest.js';
import { retryAfterHonoured } from '../checks/rate-limits/retry-after-honoured.js';
import { retryAfterValid } from '../checks/rate-limits/retry-after-valid.js';
import { slidingWindowEdge } from '../checks/rate-limits/sliding-window-edge.js';
import { unauthenticatedNotCounted } from '../checks/rate-limits/unauthenticated-not-counted.js';
import { wholeBudgetAtOnce } from '../checks/rate-limits/whole-budget-at-once.js';

/**
 * The rate limits: they spend the person's budget, so they run after every check that needs a
 * working token. The in-flight bound first, while the budget still has room for its few requests.
 */
export const RATE_LIMITS: readonly Check[] = [
  inFlightLimit429,
  mcpRateLimitEnforced,
  retryAfterValid,
  noRateLimitHeaders,
  repeated429Shape,
  budgetSharedPerPerson,
  unauthenticatedNotCounted,
  failuresDoNotExtend,
  retryAfterHonoured,
  slidingWindowEdge,
  wholeBudgetAtOnce,
  retryAfterCountsToOldest,
];
