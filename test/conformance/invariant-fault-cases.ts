import type { ConformanceOptions } from '../../conformance/options.js';
import type { FakeDeploymentOptions } from './fake-deployment.js';
import { FRESH_SEED_INVARIANT_FAULT_CASES } from './fault-cases-fresh-seed.js';
import { FRESH_INVARIANT_FAULT_CASES } from './fault-cases-fresh.js';
import { THIRD_SAMPLE_INVARIANT_FAULT_CASES } from './fault-cases-third-sample.js';

/** One wrong deployment and the invariant that must catch it over the exchanges of the checks named. */
export interface InvariantFaultCase {
  readonly invariant: string;
  /** Completes "… when the deployment …". */
  readonly deployment: string;
  readonly fake: FakeDeploymentOptions;
  /** The checks whose exchanges carry the fault: the run is made of these alone. */
  readonly only: readonly string[];
  readonly reason: RegExp;
  readonly run?: Partial<ConformanceOptions>;
}

/**
 * Each invariant's wrong deployments, among them the public set's misses of the shape "answers
 * received but never judged" (issue 41): the checks named pass or look elsewhere, the invariant
 * fails on what they received.
 */
export const INVARIANT_FAULT_CASES: readonly InvariantFaultCase[] = [
  {
    invariant: 'metadata-served-as-json',
    deployment: "serves the auth host's authorization-server metadata as text/plain",
    fake: { faults: { jsonAsTextPlain: 'auth-origin-metadata' } },
    only: ['metadata-at-authorization-origin'],
    reason: /http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-authorization-server is served as text\/plain; charset=utf-8, not application\/json \(1 exchange, first in a request of metadata-at-authorization-origin\)/,
  },
  {
    invariant: 'token-answers-no-store',
    deployment: 'lets a cache store the tokens of the refresh grant',
    fake: { faults: { refreshCacheable: true } },
    only: ['refresh-grant'],
    reason: /the token endpoint \(auth host\): a token response carries Cache-Control \(none\), not no-store/,
  },
  {
    invariant: 'no-secret-in-urls',
    deployment: 'sends the approved browser through an interstitial with the code in its query',
    fake: { faults: { codeThroughInterstitial: true } },
    only: ['authorization-code-flow'],
    reason: /an authorization code of this run outside the code parameter in the Location \(\d+ exchanges?, first on the sign-in walk before the checks\)/,
  },
  {
    invariant: 'auth-pages-not-framable',
    deployment: 'lets its consent page be framed',
    fake: { faults: { framableConsent: true } },
    only: ['authorization-code-flow'],
    reason: /the authorization endpoint \(auth host\): the page lacks Content-Security-Policy frame-ancestors 'none'/,
  },
  {
    invariant: 'no-refresh-to-foreign-origin',
    deployment: 'refreshes its error pages to another site',
    fake: { faults: { errorPagesRefreshAway: true } },
    only: ['unknown-client-error-page'],
    reason: /an error page \(HTTP 400\) sends the browser on to https:\/\/elsewhere\.conformance\.invalid, another site/,
  },
  {
    invariant: 'mcp-401-challenge',
    deployment: 'answers 401 without WWW-Authenticate',
    fake: { faults: { omitWwwAuthenticate: true } },
    only: ['invalid-token-401'],
    reason: /the mcp endpoint \(mcp host.*\): a 401 without WWW-Authenticate/,
  },
  {
    invariant: 'jsonrpc-error-shape',
    deployment: 'refuses an unknown method with -32601 and no message',
    fake: { faults: { unknownMethodErrorUnworded: true } },
    only: ['unknown-method-32601'],
    reason: /an error \{"code":-32601\} lacks an integer code or a string message/,
  },
  {
    invariant: 'uncacheable-results-unmarked',
    deployment: 'marks a 2026-07-28 input_required result cacheable',
    fake: { faults: { inputRequiredCacheable: true } },
    only: ['confirmation-asked-first'],
    reason: /2026-07-28\): an input_required result carries ttlMs 60000 and cacheScope "public"/,
  },
  {
    invariant: 'modern-answers-session-free',
    deployment: 'echoes Mcp-Session-Id on 2026-07-28 answers',
    fake: { faults: { modernFault: 'echoes-session-id' } },
    only: ['modern-no-session-id'],
    reason: /a 2026-07-28 answer carries Mcp-Session-Id/,
  },
  {
    invariant: 'supported-versions-spoken',
    deployment: 'speaks 2026-07-28 only yet names 2025-11-25 among its supported versions',
    fake: { faults: { refusalsNameLegacy: true }, offers: 'modern' },
    only: ['modern-unsupported-version-32022'],
    reason: /names 2025-11-25 among its supported versions \(\["2026-07-28","2025-11-25"\]\), yet refuses initialize/,
  },
  {
    invariant: 'app-views-whole-documents',
    deployment: 'serves its MCP App view cut at half',
    fake: { faults: { mcpAppFault: 'view-cut-at-half' } },
    only: ['mcp-app-resource-read'],
    reason: /the view ui:\/\/fake-survey-mcp\/survey-results\.html \(\d+ characters\): it ends inside a tag/,
  },
  {
    invariant: 'no-server-errors',
    deployment: 'fails every 2025-11-25 request with HTTP 500 while 2026-07-28 works',
    fake: { faults: { legacyServerError: true } },
    only: ['modern-discover'],
    reason: /the mcp endpoint \(mcp host, 2025-11-25\): HTTP 500 to POST http:\/\/127\.0\.0\.1:\d+\//,
  },
  ...FRESH_SEED_INVARIANT_FAULT_CASES,
  ...FRESH_INVARIANT_FAULT_CASES,
  ...THIRD_SAMPLE_INVARIANT_FAULT_CASES,
];
