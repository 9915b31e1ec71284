import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { defaultMcpInFlightLimit, InFlightLimit, inFlightRule } from '../../limits/in-flight.js';
import type { McpDispatcher } from '../../mcp/server.js';
import { readerKey } from '../../store/reader-key.js';
import { sendJson } from '../json-answer.js';
import { mcpBudgetKey, mcpGate, type McpGateOptions } from './gate.js';
import { mcpPost, rpcRefusal } from './post.js';
import { readAhead } from './read-ahead.js';
import { answerPreflight, setCorsHeaders } from '../middleware/cors.js';
import { batchRefusal } from '../middleware/rate-limit.js';
import { errorAnswer } from '../middleware/errors.js';
import { note } from '../telemetry/request-notes.js';

export interface McpEndpointOptions extends McpGateOptions {
  readonly dispatcher: McpDispatcher;
  /** Largest JSON-RPC body accepted; larger ones get 413. */
  readonly maxBodyBytes?: number;
  /**
   * What the GET that would open a notification stream answers: the contract's 404 (the default),
   * or 405, the only refusal strict clients such as the MCP Inspector accept.
   */
  readonly streamGetStatus?: 404 | 405;
  /** How many POSTs one person may have running at once (docs/limits.md); default 4, the rest of the budget queued. */
  readonly inFlight?: InFlightLimit;
}

/**
 * Why a request's work stops: one reason for all, since `abort()` without one makes a new
 * DOMException, stack trace and all, at the close of every request (2–3 % of a busy server's time).
 */
const clientGone = new DOMException('the client has gone', 'AbortError');

/** A node:http request handler (also usable as Express middleware); `next` gets every other path. */
export type McpEndpoint = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The MCP endpoint, every method on `/`, as a plain node:http handler in front of the Express app:
 * through Express each request cost ~100 µs more (bench/README.md). CORS as on the rest of the
 * host, then the gate (origin, bearer token, rate limit), then JSON-RPC.
 */
export function mcpEndpoint(options: McpEndpointOptions): McpEndpoint {
  const inFlight = options.inFlight ?? new InFlightLimit(inFlightRule(defaultMcpInFlightLimit, options.rateRule));
  const passGate = mcpGate(options, inFlight);
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const answerPost = mcpPost(options.dispatcher, maxBodyBytes);
  // Only where the bearer check can read a survey with the token (PostgreSQL): see read-ahead.ts.
  const readsAhead = options.store.findAccessTokenWithSurvey !== undefined;
  // Spec 4.1 rule 1: no server-initiated stream, so the GET that would open one is 404. At 405
  // GET is no longer an allowed method, which the Allow header of every 405 then says.
  const streamGetStatus = options.streamGetStatus ?? 404;
  const allow = streamGetStatus === 405 ? 'POST' : 'GET, POST';
  const noStream = rpcRefusal(
    streamGetStatus,
    ErrorCode.MethodNotFound,
    'Method not found: this server sends no notification stream',
    streamGetStatus === 405 ? { Allow: allow } : undefined,
  );

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A POST holds its turn from before its body is read (but for a small body read ahead,
    // before the gate) until its work has ended, answered or not: a client that hangs up frees
    // nothing early, since its work stops only at the next call boundary (`gone`). The listener
    // comes first so that a client gone during a read ahead is seen too.
    const gone = new AbortController();
    res.once('close', () => gone.abort(clientGone));
    const ahead = readsAhead ? await readAhead(req, maxBodyBytes) : undefined;
    const works = req.method === 'POST';
    const verdict = await passGate({ headers: req.headers, works, surveyToRead: ahead?.surveyId, gone: gone.signal });
    if ('refusal' in verdict) {
      if (verdict.refusal.status === 429) note(res, { refusal: 'rate-limit' });
      return sendJson(res, verdict.refusal);
    }
    note(res, { userId: verdict.auth.userId, clientId: verdict.auth.authInfo.clientId });
    if (works) {
      let release = verdict.release;
      // Each further call of a batch takes a turn of its own, behind the person's waiting requests.
      const nextTurn = async () => {
        release?.();
        release = await inFlight.acquire(verdict.auth.userId, gone.signal);
        return release !== undefined;
      };
      // A call waiting for the person's answer holds no turn: the answer's own POST needs one.
      const whileWaiting = async <T>(waiting: Promise<T>): Promise<T | undefined> => {
        release?.();
        release = undefined;
        const outcome = await waiting;
        release = await inFlight.acquire(verdict.auth.userId, gone.signal);
        return release ? outcome : undefined;
      };
      try {
        const chargeBatch = (calls: number) => batchRefusal(options.slidingLog, options.rateRule, mcpBudgetKey(verdict.auth.userId), calls);
        const work = { readAlready: ahead?.body, gone: gone.signal, nextTurn, whileWaiting, chargeBatch };
        // Its scanning reads take fair turns with other people's (store/reader-key.ts), and a read
        // of the platform stops at its next store call once the client has gone (callerGone).
        const reader = { person: verdict.auth.userId, gone: gone.signal };
        if (!gone.signal.aborted) await readerKey.run(reader, () => answerPost(req, res, verdict.auth, work));
      } finally {
        release?.();
      }
      return;
    }
    // HEAD as GET, as Express routed it.
    if (req.method === 'GET' || req.method === 'HEAD') return sendJson(res, noStream);
    sendJson(res, rpcRefusal(405, ErrorCode.InvalidRequest, `Method not allowed: ${req.method} (stateless server, no sessions to end)`, { Allow: allow }));
  }

  return function serveMcp(req, res, next) {
    if (!isEndpointTarget(req.url ?? '')) return next();
    setCorsHeaders(res);
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    answer(req, res).catch((error: unknown) => {
      // As Express's final handler: once the head is out, only closing the connection tells the client.
      if (res.headersSent) return void res.destroy();
      sendJson(res, errorAnswer(error));
    });
  };
}

// The request target's path as Express routed it (parseurl): before `?` or `#`, after the
// authority of an absolute-form target.
const targetPath = /^(https?:\/\/[^/?#]*)?([^?#]*)/i;

/** Whether Express's `/` route matched this target: `/`, `//` (one trailing slash), or an empty absolute path. */
function isEndpointTarget(url: string): boolean {
  if (url === '/') return true;
  const [, authority, path] = targetPath.exec(url)!;
  return path === '/' || path === '//' || (authority !== undefined && path === '');
}
