import { answersOf, isObject } from '../mcp.js';
import type { Invariant } from './invariant.js';
import { parseJson } from './knowledge.js';
import type { TaggedExchange } from './tags.js';

const isId = (id: unknown): id is string | number => typeof id === 'string' || Number.isSafeInteger(id);

/** A JSON-RPC 2.0 request or notification, its id (if any) one a client may send. */
const isWellFormed = (message: unknown): boolean =>
  isObject(message) && message['jsonrpc'] === '2.0' && typeof message['method'] === 'string' && (!('id' in message) || isId(message['id']));

/**
 * The ids of the requests an exchange sent, when every message of its body was a well-formed
 * request or notification (so each id could be read); undefined otherwise: a malformed message
 * may be refused under id null, or any id an SDK picks.
 */
function sentIds(x: TaggedExchange): Array<string | number> | undefined {
  if (x.endpoint !== 'mcp' || x.exchange.request.method !== 'POST') return undefined;
  const body = parseJson(x.exchange.request.body);
  const messages = Array.isArray(body) ? (body as unknown[]) : [body];
  if (messages.length === 0 || !messages.every(isWellFormed)) return undefined;
  const ids = messages.flatMap((message) => (isObject(message) && isId(message['id']) ? [message['id']] : []));
  return ids.length > 0 ? ids : undefined;
}

/**
 * Where an error may go without the request's id though it was readable: a refusal at an HTTP
 * error status in 2025-11-25 (its transport lets that body go without id), and a 413 in either
 * era (the body was refused unread).
 */
const idlessAllowed = (x: TaggedExchange): boolean => x.exchange.response.status === 413 || (x.exchange.response.status >= 400 && x.era !== '2026-07-28');

/**
 * basic/index "Error Responses" of either revision: an error answering a request carries that
 * request's id (JSON-RPC 2.0 section 5: null only when the id could not be read).
 */
export const errorCarriesRequestId: Invariant = {
  id: 'error-carries-request-id',
  title: 'A JSON-RPC error answering a request whose id was a string or number carries that id (null only when it could not be read)',
  requirement: 'mcp-2026-07-28-error-id',
  era: 'any',
  applies: (x) => sentIds(x) !== undefined && answersOf(x.exchange).some((answer) => 'error' in answer),
  judge(x) {
    const ids = sentIds(x) ?? [];
    for (const answer of answersOf(x.exchange).filter((each) => 'error' in each)) {
      const id = answer['id'];
      if (id === null && idlessAllowed(x)) continue;
      if (!ids.includes(id as string | number)) {
        return `HTTP ${x.exchange.response.status}: an error answers id ${JSON.stringify(id ?? null)}, not the request's ${ids.map((each) => JSON.stringify(each)).join(' or ')}`;
      }
    }
    return undefined;
  },
};
