import { describeResponse } from '../../expect.js';
import type { AuthorizationOutcome } from '../../sign-in.js';

/** An approved request's end, in a word: `code`, `error <code>`, or where it stopped instead. */
export function outcomeOf(outcome: AuthorizationOutcome): string {
  if (outcome.kind === 'sign-in-required') return 'a sign-in was asked for';
  if (outcome.kind === 'page') return `a page (${describeResponse(outcome.exchange)})`;
  const error = outcome.url.searchParams.get('error');
  if (error !== null) return `error ${error}`;
  return outcome.url.searchParams.get('code') === null ? 'a redirect with neither code nor error' : 'code';
}
