import { clientDocumentUnavailable } from '../http.js';
import type { Invariant } from './invariant.js';

/**
 * Whatever the runner sends, valid or not, gets an answer, a refusal at worst (4xx; 429 for the
 * limits; 503 for a client's document host out of reach): a 5xx says the deployment failed on
 * input a client can send.
 */
export const noServerErrors: Invariant = {
  id: 'no-server-errors',
  title: 'No request the run makes, valid or not, is answered with a 5xx',
  requirement: 'fn-no-server-errors',
  era: 'any',
  applies: (x) => x.host !== 'elsewhere',
  judge: (x) => (x.exchange.response.status >= 500 && !(x.endpoint === 'authorization' && clientDocumentUnavailable(x.exchange)) ? `HTTP ${x.exchange.response.status} to ${x.exchange.request.method} ${x.exchange.request.url}` : undefined),
};
