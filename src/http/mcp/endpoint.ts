import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { defaultMcpInFlightLimit, InFlightLimit, inFlightRule } from '../../limits/in-flight.js';
import type { McpDispatcher } from '../../mcp/server.js';
import { sendJson } from '../json-answer.js';
import { mcpGate, type McpGateOptions } from './gate.js';
import { mcpPost, rpcRefusal } from './post.js';
import { readAhead } from './read-ahead.js';
import { answerPreflight, setCorsHeaders } from '../middleware/cors.js';
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
  /** How many POSTs one person may have running at once (README, "Request limits"); default 4. */
  readonly inFlight?: InFlightLimit;
}

/** A node:http request handler (also usable as Express middleware); `next` gets every other path. */
export type McpEndpoint = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The MCP endpoint, every method on `/`, as a plain node:http handler in front of the Express app:
 * through Express each request cost ~100 µs more (bench/README.md). CORS as on the rest of the
 * host, then the gate (origin, bearer token, rate limit), then JSON-RPC.
 */
export function mcpEndpoint(options: McpEndpointOptions): McpEndpoint {
  const passGate = mcpGate(options);
  const inFlight = options.inFlight ?? new InFlightLimit(inFlightRule(defaultMcpInFlightLimit));
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

  // Past the per-person limit and its queue: the contract's 429, to try again in a second.
  const busy = { status: 429, headers: { 'Retry-After': '1', 'Cache-Control': 'no-store' }, body: { error: 'rate_limit_exceeded' } };

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A POST holds its turn from before its body is read (but for a small body read ahead,
    // before the gate) until the answer is out or the client gone. The listener comes first so
    // that a client gone during a read ahead is seen too.
    let release: (() => void) | undefined;
    let closed = false;
    res.once('close', () => {
      closed = true;
      release?.();
    });
    const ahead = readsAhead ? await readAhead(req, maxBodyBytes) : undefined;
    const verdict = await passGate(req.headers, ahead?.surveyId);
    if ('refusal' in verdict) {
      if (verdict.refusal.status === 429) note(res, { refusal: 'rate-limit' });
      return sendJson(res, verdict.refusal);
    }
    note(res, { userId: verdict.auth.userId, clientId: verdict.auth.authInfo.clientId });
    if (req.method === 'POST') {
      release = await inFlight.acquire(verdict.auth.userId);
      if (!release) {
        note(res, { refusal: 'in-flight' });
        return sendJson(res, busy);
      }
      if (closed) return release();
      return answerPost(req, res, verdict.auth, ahead?.body);
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
