import type { RequestHandler } from 'express';

/**
 * Faults in answers the runner receives but no check of its own looks at closely (issue 41,
 * "answers received but never judged"): the invariants over every exchange catch them, or the
 * check named beside each.
 */
export interface InvariantFaults {
  /** Every HTML error page (4xx) refreshes the browser to another site after a moment. */
  readonly errorPagesRefreshAway?: boolean;
  /** A 2026-07-28 input_required result carries ttlMs and cacheScope, as a cacheable result does. */
  readonly inputRequiredCacheable?: boolean;
  /** Answers initialize until a 2026-07-28 server/discover has been answered, and refuses it after (initialize). */
  readonly initializeRefusedAfterDiscover?: boolean;
  /** Speaking 2026-07-28 only, names 2025-11-25 beside it in the data.supported of its version refusals. */
  readonly refusalsNameLegacy?: boolean;
  /** Answers a 2026-07-28 completion/complete though server/discover declares no completions (modern-capabilities-declared). */
  readonly undeclaredCompletionsAnswered?: boolean;
  /** Compares a resources/read's Base64 Mcp-Name without decoding it; tools/call decodes (modern-mcp-name-base64). */
  readonly readNameUndecoded?: boolean;
  /** Sends the approved browser through an interstitial of its own, the authorization response (code and all) in its query. */
  readonly codeThroughInterstitial?: boolean;
  /** Refuses a 2025-11-25 unknown method with -32601 and no message. */
  readonly unknownMethodErrorUnworded?: boolean;
}

export const FOREIGN_SITE = 'https://elsewhere.conformance.invalid/';

/** The fault's error pages: a meta refresh to a foreign site in the head of every HTML 4xx. */
export function errorPagesRefreshAway(enabled: boolean | undefined): RequestHandler {
  return (_req, res, next) => {
    if (!enabled) return next();
    const send = res.send.bind(res);
    res.send = (body: unknown) => {
      const isHtml = /^text\/html/.test(String(res.get('content-type') ?? ''));
      if (res.statusCode < 400 || !isHtml || typeof body !== 'string') return send(body);
      return send(body.replace('<html>', `<html><head><meta http-equiv="refresh" content="3;url=${FOREIGN_SITE}"></head>`));
    };
    return next();
  };
}
