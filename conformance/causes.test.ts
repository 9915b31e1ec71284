import { describe, expect, it } from 'vitest';
import { causeOf, causesOf } from './causes.js';
import type { CheckResult } from './report.js';

function result(id: string, status: CheckResult['status'], message: string, blockedBy?: string): CheckResult {
  return {
    id,
    group: 'mcp',
    title: id,
    spec: 'section 2.3',
    level: 'MUST',
    status,
    message,
    ...(blockedBy ? { blockedBy } : {}),
    durationMs: 1,
    evidence: [],
    omittedEvidence: 0,
  };
}

describe('causes', () => {
  it('groups failures that name the same header as one cause, whatever else they say', () => {
    const causes = causesOf([
      result('missing-token-401', 'fail', '2026-07-28: server/discover without a token: the 401 has no WWW-Authenticate header'),
      result('invalid-token-401', 'fail', 'initialize with a token never issued: the 401 has no WWW-Authenticate header'),
      result('bearer-challenge-syntax', 'warn', 'WWW-Authenticate is absent, so there is no challenge to parse'),
      result('ping-empty-result', 'pass', 'ping answered {}'),
    ]);
    expect(causes).toEqual([
      {
        cause: 'the WWW-Authenticate header',
        status: 'fail',
        checks: ['missing-token-401', 'invalid-token-401', 'bearer-challenge-syntax'],
        blocked: 0,
        example: '2026-07-28: server/discover without a token: the 401 has no WWW-Authenticate header',
      },
    ]);
  });

  it('keeps different observations apart and puts MUST causes, then the widest, first', () => {
    const causes = causesOf([
      result('a', 'warn', 'POST /register: answered 500'),
      result('b', 'fail', 'GET /x: answered 404 where 200 was expected'),
      result('c', 'blocked', 'blocked by b', 'b'),
      result('d', 'fail', 'GET /y: the body is not JSON'),
      result('e', 'fail', 'GET /z: answered 418 where 200 was expected'),
    ]);
    expect(causes.map((cause) => [cause.cause, cause.status, cause.checks, cause.blocked])).toEqual([
      ['answered N where N was expected', 'fail', ['b', 'e'], 1],
      ['the body is not JSON', 'fail', ['d'], 0],
      ['answered N', 'warn', ['a'], 0],
    ]);
  });

  it('groups failures under the cause the runner diagnosed, whatever their messages say', () => {
    const diagnosed = (id: string, message: string): CheckResult => ({ ...result(id, 'fail', message), cause: 'a proxy buffering event streams (turn buffering off for the MCP endpoint)' });
    const causes = causesOf([
      diagnosed('confirmation-asked-first', 'POST http://x/ got no response: no answer within 10000 ms'),
      diagnosed('confirmation-accept-applies', 'the ask never came: the Cache-Control of the stream is absent'),
      result('ping-empty-result', 'fail', 'ping: the Cache-Control header is absent'),
    ]);
    expect(causes.map((cause) => [cause.cause, cause.checks])).toEqual([
      ['a proxy buffering event streams (turn buffering off for the MCP endpoint)', ['confirmation-asked-first', 'confirmation-accept-applies']],
      ['the Cache-Control header', ['ping-empty-result']],
    ]);
  });

  it('takes quoted values, URLs and a closing aside out of a cause', () => {
    expect(causeOf('POST https://a.example/token: error "invalid_grant" is not \'invalid_client\' (RFC 6749 5.2)')).toBe('error … is not …');
  });
});
