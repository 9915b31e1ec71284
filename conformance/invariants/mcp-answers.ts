import { bearerChallenge } from '../expect.js';
import { header } from '../http.js';
import { answersOf, isJsonRpcError, isObject } from '../mcp.js';
import { rateLimitAnswerFault } from '../rate-limit-answer.js';
import type { Invariant } from './invariant.js';

/** RFC 9728 section 5.1, contract section 5.4: every 401 of the MCP host points at its metadata. */
export const mcpChallenges: Invariant = {
  id: 'mcp-401-challenge',
  title: 'Every 401 from the MCP endpoint carries WWW-Authenticate: Bearer with resource_metadata',
  requirement: 'rfc9728-5.1-challenge',
  era: 'any',
  applies: (x) => x.endpoint === 'mcp' && x.exchange.response.status === 401,
  judge(x) {
    const raw = header(x.exchange, 'www-authenticate');
    if (raw === undefined) return 'a 401 without WWW-Authenticate';
    const challenge = bearerChallenge(x.exchange);
    if (!challenge) return `a 401 whose WWW-Authenticate is "${raw}", not a Bearer challenge`;
    return challenge.get('resource_metadata') ? undefined : `a 401 whose Bearer challenge has no resource_metadata ("${raw}")`;
  },
};

/**
 * Contract section 8 rule 5 and its error table: whichever limit refused (the budget, a batch,
 * the in-flight bound), the 429 has that body and a Retry-After in whole seconds 1..60.
 */
export const mcpRateLimitAnswers: Invariant = {
  id: 'mcp-429-shape',
  title: 'Every 429 from the MCP endpoint has the body {"error": "rate_limit_exceeded"} and a Retry-After of 1..60 whole seconds',
  requirement: 'contract-8-rule5-every-refusal',
  era: 'any',
  applies: (x) => x.endpoint === 'mcp' && x.exchange.response.status === 429,
  judge: (x) => {
    const fault = rateLimitAnswerFault(x.exchange);
    return fault === undefined ? undefined : `a 429: ${fault}`;
  },
};

/** The results of a 2026-07-28 tools/call: personal, and the input-required ones single-use. */
const resultsOf = (x: Parameters<Invariant['judge']>[0]): Record<string, unknown>[] =>
  answersOf(x.exchange)
    .map((answer) => answer['result'])
    .filter(isObject);

/**
 * server/utilities/caching: only results the revision names are cacheable; a tools/call result is
 * one person's, and one that asks for input (resultType input_required, SEP-2322) is bound to a
 * sealed requestState: neither may carry hints that let a cache keep or share it.
 */
export const uncacheableResultsUnmarked: Invariant = {
  id: 'uncacheable-results-unmarked',
  title: 'A 2026-07-28 tools/call result carries no cacheScope "public", and one asking for input no ttlMs or cacheScope at all',
  requirement: 'mcp-2026-07-28-uncacheable-results',
  era: '2026-07-28',
  applies: (x) => x.era === '2026-07-28' && x.method === 'tools/call' && resultsOf(x).length > 0,
  judge(x) {
    for (const result of resultsOf(x)) {
      const hints = ['ttlMs', 'cacheScope'].filter((key) => key in result);
      if (result['resultType'] === 'input_required' && hints.length > 0) return `an input_required result carries ${hints.map((key) => `${key} ${JSON.stringify(result[key])}`).join(' and ')}`;
      if (result['cacheScope'] === 'public') return 'a tools/call result is marked cacheScope "public": one person\'s answer, shareable';
    }
    return undefined;
  },
};

/** basic/index "Statelessness": a 2026-07-28 answer never opens or echoes a 2025-11-25 session. */
export const modernAnswersSessionFree: Invariant = {
  id: 'modern-answers-session-free',
  title: 'No answer to a 2026-07-28 request carries an Mcp-Session-Id',
  requirement: 'mcp-2026-07-28-stateless',
  era: '2026-07-28',
  applies: (x) => x.era === '2026-07-28',
  judge: (x) => (header(x.exchange, 'mcp-session-id') === undefined ? undefined : `a 2026-07-28 answer carries Mcp-Session-Id: ${header(x.exchange, 'mcp-session-id') ?? ''}`),
};

/** basic/index "Error Responses" of either revision: an integer code and a string message. */
export const jsonRpcErrorShape: Invariant = {
  id: 'jsonrpc-error-shape',
  title: 'Every JSON-RPC error the MCP endpoint answers has an integer code and a string message',
  requirement: 'mcp-2026-07-28-error-shape',
  era: 'any',
  applies: (x) => x.endpoint === 'mcp' && answersOf(x.exchange).some((answer) => 'error' in answer),
  judge(x) {
    const wrong = answersOf(x.exchange).find((answer) => 'error' in answer && !isJsonRpcError(answer['error']));
    return wrong ? `an error ${JSON.stringify(wrong['error']).slice(0, 120)} lacks an integer code or a string message` : undefined;
  },
};

const LEGACY_REVISION = '2025-11-25';

/** The versions an answer names as supported: server/discover's supportedVersions, an error's data.supported. */
function versionsNamed(x: Parameters<Invariant['judge']>[0]): unknown[] {
  return answersOf(x.exchange).flatMap((answer) => {
    const result = answer['result'];
    const error = answer['error'];
    const data = isObject(error) ? error['data'] : undefined;
    const named = [isObject(result) ? result['supportedVersions'] : undefined, isObject(data) ? data['supported'] : undefined];
    return named.filter(Array.isArray).flat() as unknown[];
  });
}

/**
 * basic/versioning: a deployment that refuses initialize (no 2025-11-25) never names 2025-11-25
 * among its supported versions, wherever it names them.
 */
export const supportedVersionsSpoken: Invariant = {
  id: 'supported-versions-spoken',
  title: 'A deployment that refuses initialize names 2025-11-25 nowhere among its supported versions',
  requirement: 'mcp-2026-07-28-discover',
  era: '2026-07-28',
  applies: (x, known) => known.legacyRefused && x.endpoint === 'mcp' && versionsNamed(x).length > 0,
  judge: (x) =>
    versionsNamed(x).includes(LEGACY_REVISION)
      ? `names ${LEGACY_REVISION} among its supported versions (${JSON.stringify(versionsNamed(x))}), yet refuses initialize`
      : undefined,
};
