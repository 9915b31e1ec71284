import type { RequestHandler } from 'express';
import type { BranchFaults } from './faults-branches.js';

type JsonAnswer = NonNullable<BranchFaults['jsonAsTextPlain']>;

/**
 * A broken fake's JSON answers of one endpoint, sent as text/plain. The token endpoint's errors
 * only: the runner's own client library refuses a token response that is not JSON, and the
 * check under test must still get its tokens.
 */
export function jsonAsTextPlain(which: BranchFaults['jsonAsTextPlain'], paths: Partial<Record<JsonAnswer, string>>): RequestHandler {
  return (req, res, next) => {
    if (which === undefined || req.path !== paths[which]) return next();
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (which === 'token' && res.statusCode < 400) return json(body);
      return res.type('text/plain').send(JSON.stringify(body));
    };
    return next();
  };
}
