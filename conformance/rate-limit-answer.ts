import { excerpt } from './expect.js';
import { header, jsonOf, retryAfterSeconds, type Exchange } from './http.js';
import { isObject } from './mcp.js';

/** Section 8 rule 5: a Retry-After is never longer than the window, 60 s. */
export const LONGEST_RETRY_AFTER_SECONDS = 60;

/**
 * What a 429 gets wrong against section 8 rule 5 and the error table (7.1), whichever limit it
 * answers for: its body is exactly `{"error": "rate_limit_exceeded"}` (the table names no other
 * member, where its 422 rows add `error_description`), its Retry-After whole seconds in 1..60.
 * Undefined when it is right.
 */
export function rateLimitAnswerFault(exchange: Exchange): string | undefined {
  const body = jsonOf(exchange);
  const exact = isObject(body) && Object.keys(body).length === 1 && body['error'] === 'rate_limit_exceeded';
  if (!exact) return `the body is ${excerpt(exchange.response.body)}, not {"error": "rate_limit_exceeded"}`;
  const raw = header(exchange, 'retry-after');
  if (raw === undefined) return 'it has no Retry-After header';
  const seconds = retryAfterSeconds(exchange);
  if (seconds === undefined) return `its Retry-After is "${raw}", not a whole number of seconds`;
  if (seconds < 1 || seconds > LONGEST_RETRY_AFTER_SECONDS) return `its Retry-After is ${seconds}, outside 1..${LONGEST_RETRY_AFTER_SECONDS}`;
  return undefined;
}
