import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import { describeError } from '../../conformance/describe-error.js';
import type { Exchange } from '../../conformance/http.js';
import { prerequisiteOfStep, prerequisitesOf, providedBy } from '../../conformance/prerequisites.js';
import { diagnose, RootCauses, shorterWindow } from '../../conformance/root-causes.js';

const MCP = 'https://mcp.example/';
const rate = { limit: 20, windowSeconds: 60 };

function exchange(at: number, status: number, contentType = 'application/json', url = MCP): Exchange {
  return {
    request: { method: 'POST', url, headers: { authorization: 'Bearer t' } },
    response: { status, headers: { 'content-type': contentType }, setCookie: [], body: '' },
    startedAt: at,
    durationMs: 5,
  };
}

describe('prerequisites', () => {
  test('every provider is a check of the catalog', () => {
    const ids = new Set(CATALOG.map((check) => check.id));
    const providers = CATALOG.filter((check) => providedBy(check.id).length > 0).map((check) => check.id);
    expect(providers.length).toBeGreaterThanOrEqual(8);
    for (const id of providers) expect(ids.has(id)).toBe(true);
  });

  test('a check needs its group’s prerequisites, without sign-in and token when it needs no sign-in', () => {
    expect(prerequisitesOf({ id: 'tools-list', group: 'mcp', needsSignIn: true })).toEqual(['discovery', 'registration', 'sign-in', 'token', 'rate-limit-budget']);
    expect(prerequisitesOf({ id: 'missing-token-401', group: 'mcp', needsSignIn: false })).toEqual(['discovery', 'registration']);
    expect(prerequisitesOf({ id: 'scopes-supported', group: 'discovery', needsSignIn: false })).toEqual([]);
    expect(prerequisitesOf({ id: 'endpoints', group: 'discovery', needsSignIn: false })).toEqual(['discovery']);
  });

  test('the shared steps map to their prerequisite', () => {
    expect(prerequisiteOfStep('register the runner as a client')).toBe('registration');
    expect(prerequisiteOfStep('sign in and obtain a token')).toBe('sign-in');
    expect(prerequisiteOfStep('fetch https://mcp.example/.well-known/oauth-protected-resource')).toBe('discovery');
    expect(prerequisiteOfStep('spend the MCP budget')).toBeUndefined();
  });

  test('the first failure of a provider blocks the dependants, and the check that found it stays the root', () => {
    const roots = new RootCauses();
    roots.recordFailure('authorization-code-flow', undefined);
    roots.recordFailure('initialize', 'sign-in');
    expect(roots.blockerOf({ id: 'tools-list', group: 'mcp', needsSignIn: true })).toEqual({ prerequisite: 'sign-in', rootId: 'authorization-code-flow' });
    expect(roots.blockerOf({ id: 'missing-token-401', group: 'mcp', needsSignIn: false })).toBeUndefined();
    expect(roots.rootOf('token')).toEqual({ prerequisite: 'token', rootId: 'initialize' });
  });
});

describe('diagnose', () => {
  test('an HTML 503 from the MCP endpoint is a proxy rewriting the deployment’s 429', () => {
    const history = [exchange(0, 200), exchange(10, 200), exchange(20, 503, 'text/html')];
    expect(diagnose(history.slice(-1), history, MCP, rate)?.hint).toMatch(/^POST https:\/\/mcp\.example\/ answered HTTP 503 with an HTML page after 3 requests in 60 s, .* rewriting its 429/);
  });

  test('a 429 well before the budget asks about --mcp-rate-limit; one at the budget does not', () => {
    const early = [...Array.from({ length: 5 }, (_, i) => exchange(i, 200)), exchange(6, 429)];
    expect(diagnose(early.slice(-1), early, MCP, rate)?.hint).toMatch(/HTTP 429 after 6 requests in 60 s, fewer than the budget the runner was told \(20 per 60 s\): is --mcp-rate-limit right\?/);
    const spent = [...Array.from({ length: 20 }, (_, i) => exchange(i, 200)), exchange(21, 429)];
    expect(diagnose(spent.slice(-1), spent, MCP, rate)).toBeUndefined();
  });

  test('a 429 answered slowly under load counts the requests the deployment counted on its arrival: the budget spent, no diagnosis', () => {
    const second = { limit: 20, windowSeconds: 1 };
    // Twenty admitted in the second before the 429 was sent, whose answer took 900 ms.
    const spent = [...Array.from({ length: 20 }, (_, i) => exchange(i * 40, 200)), { ...exchange(900, 429), durationMs: 900 }];
    expect(diagnose(spent.slice(-1), spent, MCP, second)).toBeUndefined();
  });

  test('an HTML 503 from another endpoint behind the proxy is the same rewrite; a JSON 503 is the check’s own business', () => {
    expect(diagnose([exchange(0, 503)], [exchange(0, 503)], MCP, rate)).toBeUndefined();
    const other = exchange(0, 503, 'text/html', 'https://mcp.example/register');
    expect(diagnose([other], [other], MCP, rate)?.hint).toMatch(/^POST https:\/\/mcp\.example\/register answered HTTP 503 with an HTML page, where the deployment answers JSON/);
  });

  test("an authorization's HTML 503 with Retry-After for an https client_id is the deployment's own page for a client's document host out of reach", () => {
    const authorize = (clientId: string, retryAfter: boolean): Exchange => {
      const x = exchange(0, 503, 'text/html; charset=utf-8', `https://auth.example/oauth/authorize?response_type=code&client_id=${encodeURIComponent(clientId)}`);
      return { ...x, response: { ...x.response, headers: { ...x.response.headers, ...(retryAfter ? { 'retry-after': '60' } : {}) } } };
    };
    const unreachable = authorize('https://0.0.0.0:4000/conformance-client.json', true);
    expect(diagnose([unreachable], [unreachable], MCP, rate)).toBeUndefined();
    for (const rewritten of [authorize('https://0.0.0.0:4000/conformance-client.json', false), authorize('cli_123', true)]) {
      expect(diagnose([rewritten], [rewritten], MCP, rate)?.cause).toBe('a proxy rewriting 429 into an HTML 503 page');
    }
  });
});

test('an error openid-client raises about a URL it refused to request names that URL', () => {
  const inner = new Error('only requests to HTTPS are allowed', { cause: new URL('http://10.0.0.5:8787/token') });
  const outer = new Error('only requests to HTTPS are allowed', { cause: inner });
  expect(describeError(outer)).toBe('only requests to HTTPS are allowed (the request to http://10.0.0.5:8787/token)');
});

describe('a limit stricter than the runner was told', () => {
  const told = { limit: 180, windowSeconds: 60 };
  const refusedAt = (at: number, retryAfter: string): Exchange => {
    const refused = exchange(at, 429);
    return { ...refused, response: { ...refused.response, headers: { ...refused.response.headers, 'retry-after': retryAfter } } };
  };

  test('a slow spending almost whole, then a Retry-After far sooner than the window frees a request, is a shorter window', () => {
    // 170 admitted over 25 s (a loaded machine), then "retry in 1 s" where 180/60 frees one only in ~35 s.
    const spending = Array.from({ length: 170 }, (_, i) => exchange(i * 147, 200));
    const refused = refusedAt(25_000, '1');
    expect(shorterWindow([...spending, refused], refused, told)).toEqual({ retryAfter: 1, expected: 35 });
  });

  test('a wave whose first-answered 429 is a repeat asking for less is judged by its longest wait', () => {
    const spending = Array.from({ length: 180 }, (_, i) => exchange(i * 20, 200));
    const first = refusedAt(3_600, '57');
    const repeat = { ...refusedAt(3_600, '1'), durationMs: 1 };
    expect(shorterWindow([...spending, first, repeat], repeat, told)).toBeUndefined();
  });

  test('a Retry-After that agrees with the told window, or counts to an older request, is not', () => {
    const spending = Array.from({ length: 180 }, (_, i) => exchange(i * 20, 200));
    expect(shorterWindow([...spending, refusedAt(3_600, '57')], refusedAt(3_600, '57'), told)).toBeUndefined();
    // Requests of an earlier check, 50 s before, age out first: 10 s is right.
    const earlier = [exchange(0, 200), ...Array.from({ length: 179 }, (_, i) => exchange(45_000 + i * 20, 200))];
    expect(shorterWindow([...earlier, refusedAt(50_000, '10')], refusedAt(50_000, '10'), told)).toBeUndefined();
  });
});
