import type { CheckResult } from '../../conformance/report.js';

/** A passing check's result, with `overrides`: the reporters' and report formats' tests build their reports from it. */
export function result(overrides: Partial<CheckResult>): CheckResult {
  return {
    id: 'missing-token-401',
    group: 'mcp',
    title: 'A request without a token gets 401',
    spec: 'section 5.4',
    level: 'MUST',
    status: 'pass',
    message: 'HTTP 401',
    durationMs: 12,
    evidence: [],
    omittedEvidence: 0,
    ...overrides,
  };
}
